import crypto from 'node:crypto';
import { PASSWORD_MAX, PASSWORD_MIN, passwordLength, type MessageKey } from '@portal/shared';
import { weakPasswordReason } from './common-passwords.js';

/**
 * The one rule for staff passwords (decision 014, NIST SP 800-63B-4): PASSWORD_MIN..PASSWORD_MAX
 * characters and not easy to guess; no composition rules. Returns the message key saying why a
 * password is refused, or null when it is fine. Used when a password is chosen (registration, reset,
 * change), at sign-in (an older password that fails it must be changed) and for generated ones.
 */
export function passwordRefusal(password: string, email?: string): MessageKey | null {
  if (passwordLength(password) < PASSWORD_MIN) return 'auth.password.tooShort';
  if (password.length > PASSWORD_MAX) return 'v.tooLong';
  const reason = weakPasswordReason(password, email);
  return reason ? `auth.password.${reason}` : null;
}

/**
 * A random password shown once (the first Admin's one-time password, demo accounts): 18 random
 * bytes as 24 base64url characters, about 144 bits, no characters hard to read aloud; always within
 * the rule above, so the person is not told at first sign-in that it is too weak.
 */
export function randomPassword(): string {
  for (;;) {
    const password = crypto.randomBytes(18).toString('base64url');
    if (!passwordRefusal(password)) return password;
  }
}
