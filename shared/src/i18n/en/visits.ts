import type { visits as bn } from '../bn/visits.js';

/** English messages: the inspector's field visit (docs/decisions/030-field-visits.md). Same keys as ../bn/visits.ts. */
export const visits: Record<keyof typeof bn, string> = {
  'visits.v.id': 'The visit id is not valid.',
  'visits.v.time': 'The date and time are not written correctly.',
  'visits.v.future': 'This time has not come yet. Check the date and time on the phone, then send again.',
  'visits.v.tooOld': 'A visit older than {days} days cannot be sent. Check the date and time on the phone.',
  'visits.v.position': 'The latitude or longitude of the position is not valid.',
  'visits.v.outsideBangladesh':
    'This position is outside Bangladesh. Turn on the phone’s GPS, stand by the well and take the position again.',
  'visits.v.accuracy': 'The accuracy of the position (in metres) is not valid.',
  'visits.v.photoIndex': 'The photo number is not valid.',
  'visits.v.sha256': 'The photo’s checksum (SHA-256) is not valid.',
  'visits.v.tooManyPhotos': 'One visit takes at most 6 photos. Leave some out.',
  'visits.v.duplicatePhoto': 'Each photo number may be given once only.',
  'visits.v.photoNotDeclared': 'This visit did not declare a photo with this number.',
  'problem.FILE_HASH_MISMATCH':
    'The photo was damaged on the way: what arrived does not match the photo that was declared. Send it again.',
  'decisions.history.fieldVisit': 'Field visit',
  'visits.audit.note': 'Field visit by {officer}, {time}; {position}; {photos} photos',
  'visits.audit.position': 'position {latitude}, {longitude} (± {accuracy} m)',
  'visits.audit.noPosition': 'no position taken',
};
