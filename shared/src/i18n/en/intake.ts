import type { intake as bn } from '../bn/intake.js';

/** English messages: intake. */
export const intake: Record<keyof typeof bn, string> = {
  'intake.v.shaMismatch': 'The file was damaged on the way (it does not match what was declared). Send it again.',
  'intake.v.slotNotDeclared': 'This application did not declare a file for this slot.',
  'intake.v.duplicateSlot': 'Each slot takes one file only.',
  'intake.v.licenceNotFound':
    "No licence has this number with this mobile number. Give the licence holder's mobile number.",
  'intake.v.licenceSuspended':
    'The licence is suspended, so it cannot be renewed. Contact the upazila irrigation committee office.',
  'intake.v.licenceTesting':
    "The licence is still a testing licence; BADC's approval makes it regular, no renewal is needed.",
};
