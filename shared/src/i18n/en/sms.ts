import type { sms as bn } from '../bn/sms.js';

/** English messages: sms (for reading the catalogue; text messages are sent in Bangla). */
export const sms: Record<keyof typeof bn, string> = {
  'sms.from': 'From {site}',
  'sms.applicationReceived': 'Your application was completed successfully. Application number: {applicationNumber}',
  'sms.renewalFiled':
    'A renewal of licence {licenceNumber} was filed (application {applicationNumber}). If it was not you, tell the upazila irrigation office.',
  'sms.renewalReceived':
    'The renewal application for licence no. {licenceNumber} was received. Application number: {applicationNumber}',
  'sms.otp': 'Your verification code is {code}. Valid for 10 minutes. Do not share it.',
  'sms.recheck': 'Application no. {applicationNumber} needs correction: {message}',
  'sms.licenceMoved':
    'After a new upazila was formed, your tube-well licence now belongs to the {office} office: new licence no. {licenceNumber}, application no. {applicationNumber}.',
  'sms.approved': 'Your {kindLabel} application (no. {applicationNumber}) has been approved.',
  'sms.declined': 'Your application (no. {applicationNumber}) was not approved. Reason: {reason}',
  'sms.suspended': 'Your tube-well licence has been cancelled. {note}',
  'sms.licenceExpiry': 'Your tube-well licence no. {licenceNumber} expires on {validTo}. Please apply for renewal.',
  'sms.kind.New': 'new licence',
  'sms.kind.Existing': 'existing tube-well',
  'sms.kind.Renew': 'renewal',
  'sms.kind.NameChange': 'name change',
  'sms.kind.PlotChange': 'plot change',
  'sms.kind.Old': 'licence',
};
