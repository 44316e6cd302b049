import type { problems as bn } from '../bn/problems.js';

export const problems: Record<keyof typeof bn, string> = {
  'problem.VALIDATION': 'Some details are not valid. Check the marked fields and try again.',
  'problem.BAD_JSON': 'The request could not be read. Reload the page and try again.',
  'problem.BODY_TOO_LARGE': 'What was sent is too large. Shorten the text and try again.',
  'problem.UNSUPPORTED_MEDIA_TYPE': 'The request was not sent in the expected format. Reload the page and try again.',
  'problem.CROSS_SITE_REQUEST':
    "For your security this request was refused: it did not come from the portal's own page. Open the portal and try again.",
  'problem.UNAUTHENTICATED': 'Please sign in first.',
  'problem.FORBIDDEN': 'You are not allowed to do this.',
  'problem.NOT_FOUND': 'Not found.',
  'problem.OFFICE_NOT_CHOSEN':
    "This address is not an upazila office's. Choose your upazila office from the list of offices.",
  'problem.STALE_STATE':
    'Someone moved this application on after you opened it. Check its current state and decide again.',
  'problem.ACTION_NOT_ALLOWED': 'This action is not possible at this stage of the application.',
  'problem.IDEMPOTENCY_CONFLICT': 'This application was already sent with different details.',
  'problem.OFFICER_MISMATCH':
    'This decision was made by another officer and cannot be sent under your name. It is sent when that officer signs in.',
  'problem.FILE_TOO_LARGE': 'The file is too large. Each file may be at most 1.5 MB.',
  'problem.FILE_TYPE': 'Wrong file type. Only JPG, PNG, WebP images or PDF are accepted.',
  'problem.FILE_MUST_BE_IMAGE': 'This slot takes an image only (JPG, PNG or WebP).',
  'problem.IMAGE_UNREADABLE':
    'The picture could not be opened: the file is damaged or incomplete. Open it on your phone to check, then choose it again or take a new photo.',
  'problem.PDF_UNREADABLE':
    'The PDF could not be opened: the file is damaged or incomplete. Open it to check, then choose it again.',
  'problem.FILE_EMPTY': 'The file is empty. Choose the right file again.',
  'problem.FILES_CLOSED': 'The files of this application can no longer be changed.',
  'problem.RATE_LIMITED': 'Too many attempts in a short time. Please try again later.',
  'problem.SUBMISSIONS_LIMITED':
    'Many submissions have come from this connection in a short time. Yours is kept on this phone and will be sent again automatically a little later.',
  'problem.OTP_WRONG': 'The code is not correct.',
  'problem.OTP_EXPIRED': 'The code has expired. Ask for a new one.',
  'problem.OTP_LOCKED': 'Too many wrong codes. Ask for a new one.',
  'problem.VERIFICATION_REQUIRED': 'Verify the mobile number to go on.',
  'problem.APPLICATIONS_CLOSED': 'Online applications are closed at the moment.',
  'problem.LOGIN_FAILED': 'The e-mail or password is not correct.',
  'problem.ACCOUNT_NO_ROLE': 'Your account has no role yet. Please contact the Admin.',
  'problem.WEAK_PASSWORD': 'This password cannot be used. See the reason at the marked field and choose another one.',
  'problem.PASSWORD_CHANGE_REQUIRED':
    'You must change your password before you continue. Choose a new one on the password change page.',
  'problem.RESET_TOKEN_INVALID': 'This password reset link no longer works. Ask for a new one.',
  'problem.RECHECK_CLOSED':
    'There is no chance to amend this application any more. It can be amended only while BADC asks for a recheck.',
  'problem.AMEND_FILE_NOT_MARKED':
    'This document was found correct, so it cannot be replaced. Only the documents marked No can be replaced.',
  'problem.CONSENT_FORM_MISSING':
    'The office has not given a consent form for this application yet. Please look again later.',
  'problem.CONSENT_CLOSED': 'The application has been decided; there is no further chance to give a consent letter.',
  'problem.LICENCE_NOT_READY': 'Final approval has not been given yet.',
  'problem.LICENCE_NOT_RENEWABLE': 'This licence cannot be renewed. See the licence number field.',
  'problem.LICENCE_OFFLINE_ONLY': 'Please collect the licence from the upazila irrigation office.',
  'problem.INTERNAL': 'Something went wrong on our side. Nothing you entered was lost; please try again shortly.',
};
