/**
 * A password's length as a person counts it: one per character (Unicode code point, NIST SP
 * 800-63B-4), so a Bangla letter or an emoji counts once. The server's schema and the form's counter
 * both use this (decision 014). Kept free of zod so the sign-in screens stay small.
 */
export function passwordLength(password: string): number {
  return [...password].length;
}
