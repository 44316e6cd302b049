import type { auth as bn } from '../bn/auth.js';

/** English messages: auth. */
export const auth: Record<keyof typeof bn, string> = {
  'auth.reset.mailSubject': 'Password reset link — {site}',
  'auth.reset.mailBody':
    'A password reset was requested for your account ({email}).\n\nOpen this link to choose a new password (it works for one hour, once):\n{link}\n\nIf you did not ask for this, ignore this e-mail; your password stays the same.',
  'auth.currentPasswordWrong': 'The current password is not correct.',
  'auth.password.tooShort':
    'Use at least 15 characters (spaces count). A few words written as a sentence are easy to remember.',
  'auth.password.common':
    'This password is on a list of leaked or very common passwords, so it is easy to guess. Choose another one.',
  'auth.password.repetitive':
    'This password repeats the same character or part, so it is easy to guess. Choose another one.',
  'auth.password.containsEmail':
    'This password contains the name of your e-mail, so it is easy to guess. Choose another one.',
  'auth.password.same': 'The new password is the same as the current one. Choose another one.',
  'auth.register.mailSubject': 'Someone tried to register with your e-mail — {site}',
  'auth.register.mailBody':
    'Someone tried to open a new staff account with this e-mail ({email}), but this e-mail already has an account, so nothing new was created.\n\nIf it was you, sign in with your existing password: {login}\nIf you do not remember it, use "Forgot password?" on the sign-in page.\n\nIf it was not you, there is nothing to do; your account and password are unchanged.',
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
  'auth.createAdmin.usage':
    'Usage: npm run create-admin -- --email admin@example.gov.bd (Admin of the first open office), or add --national (national administrator), or --district <district id> (district viewer)',
  'auth.createAdmin.areaCreated': 'Account with a national or area role created: {email}',
  'auth.createAdmin.areaPromoted': 'The account now has a national or area role and a new one-time password: {email}',
};
