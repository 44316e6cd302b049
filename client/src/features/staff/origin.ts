/** Only a path inside the staff panel may be returned to after sign-in or a password change (no open redirect). */
export function safeOrigin(from: unknown): string {
  return typeof from === 'string' && /^\/admin-page(\/|\?|$)/.test(from) ? from : '/admin-page';
}
