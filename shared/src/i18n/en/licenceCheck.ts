import type { licenceCheck as bn } from '../bn/licenceCheck.js';

/** English messages: the public licence check (/licence-check). Same keys as ../bn/licenceCheck.ts. */
export const licenceCheck: Record<keyof typeof bn, string> = {
  'licenceCheck.title': 'Check a licence',
  'licenceCheck.intro':
    "Scanning a licence's QR code opens this page. Typing a licence number also shows its status today.",
  'licenceCheck.checking': 'Checking…',
  'licenceCheck.valid.title': 'Signature valid',
  'licenceCheck.valid.body': 'These facts were signed by the upazila office and have not been changed since printing.',
  'licenceCheck.offline': 'Signature valid — status not checked (no connection)',
  'licenceCheck.offlineHint': "Open this page again when connected to see the licence's status today.",
  'licenceCheck.forged.title': 'This licence could not be verified',
  'licenceCheck.forged.body':
    "The QR code's facts are forged or altered. Do not rely on this paper; contact the upazila office.",
  'licenceCheck.unknownKey.title': 'The signature could not be checked',
  'licenceCheck.unknownKey.body':
    'It was signed with another key ({keyId}) that this portal does not publish now. Compare with the current facts below.',
  'licenceCheck.noKey.title': 'Not verified — no connection',
  'licenceCheck.noKey.body':
    "This device has not kept the office's public key yet. Open this page once with a connection; later checks then work offline too.",
  'licenceCheck.signedFacts': 'Facts signed in the QR code',
  'licenceCheck.liveFacts': 'Current facts in the portal',
  'licenceCheck.outdated':
    "This printed licence is outdated: the licence's facts changed later (renewal, or a name or plot change). The current facts are below.",
  'licenceCheck.liveStatus': 'Status today',
  'licenceCheck.status.active': 'Active',
  'licenceCheck.status.testing': 'Testing',
  'licenceCheck.status.expired': 'Expired',
  'licenceCheck.status.suspended': 'Suspended',
  'licenceCheck.statusNote.active': 'The licence is valid today.',
  'licenceCheck.statusNote.testing': 'A one-year testing licence, valid today.',
  'licenceCheck.statusNote.expired': 'Its validity has ended; not valid until renewed.',
  'licenceCheck.statusNote.suspended': 'The licence has been suspended — not valid.',
  'licenceCheck.issuedBy': 'Issued by: {office}',
  'licenceCheck.notFound': 'No licence with this number is in the portal.',
  'licenceCheck.moved':
    'Since a new upazila was formed, this licence, no. {fromNumber} of {fromOffice}, is licence no. {number} of {office}.',
  'licenceCheck.field.number': 'Licence number',
  'licenceCheck.field.holder': 'Licence holder',
  'licenceCheck.field.place': 'Place of the well',
  'licenceCheck.field.validity': 'Validity',
  'licenceCheck.field.issuedOn': 'Issued on',
  'licenceCheck.place': 'Village: {village}, Union: {union}, Upazila: {upazila}',
  'licenceCheck.validRange': '{from} to {to}',
  'licenceCheck.byNumber.title': 'Check by number',
  'licenceCheck.byNumber.label': 'Licence number',
  'licenceCheck.byNumber.submit': 'Check',
  'licenceCheck.byNumber.invalid': 'Write the licence number in digits only (e.g. 123).',
  'licenceCheck.byNumber.offline': 'No connection: the status cannot be fetched now. Try again when connected.',
  'licenceCheck.key.title': "The office's public key",
  'licenceCheck.key.body':
    "Every licence's QR code is signed with the private half of this key (Ed25519). Use it to check by other means.",
  'licenceCheck.key.id': 'Key id',
  'licenceCheck.key.unavailable': 'The public key cannot be fetched now (no connection).',
};
