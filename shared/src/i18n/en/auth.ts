import type { auth as bn } from '../bn/auth.js';

/** English messages: auth. */
export const auth: Record<keyof typeof bn, string> = {
  'auth.reset.mailSubject': 'Password reset link — {site}',
  'auth.reset.mailBody':
    'A password reset was requested for your account ({email}).\n\nOpen this link to choose a new password (it works for one hour, once):\n{link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.',
  'auth.currentPasswordWrong': 'The current password is not correct.',
  'auth.ownAdminRole': 'You cannot remove your own Admin role. Ask another Admin to do it.',
  'auth.lastAdmin': 'There must always be at least one Admin.',
  'auth.deleteSelf': 'You cannot delete your own account.',
  'auth.deleteHasRecords':
    'This account is linked to records and cannot be deleted. Remove its role instead; it then opens no staff screen.',
  'auth.localityExists': 'This name is already in the list.',
  'auth.firstRun':
    'There is no Admin account yet. To create the first Admin, run on the server: {command} — it prints a one-time password once, to be changed at first sign-in.',
  'auth.createAdmin.created': 'Admin account created: {email}',
  'auth.createAdmin.promoted': 'The account is now an Admin and has a new one-time password: {email}',
  'auth.createAdmin.password': 'One-time password (shown only now; must be changed at first sign-in): {password}',
  'auth.createAdmin.usage': 'Usage: npm run create-admin -- --email admin@example.gov.bd',
};
