import type { intake as bn } from '../bn/intake.js';

/** English messages: intake. */
export const intake: Record<keyof typeof bn, string> = {
  'intake.v.shaMismatch': 'The file was damaged on the way (it does not match what was declared). Send it again.',
  'intake.v.slotNotDeclared': 'This application did not declare a file for this slot.',
  'intake.v.duplicateSlot': 'Each slot takes one file only.',
};
