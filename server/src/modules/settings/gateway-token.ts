import { translate, type SiteSettings } from '@portal/shared';
import { Problem } from '../../platform/http/problem.js';

/**
 * The SMS gateway token on the settings screen (docs/decisions/009-codes-and-text-messages.md,
 * 015-abuse-limits-and-exports.md). The token is write-only: the Admin sees a mask, may type a new
 * token or clear the stored one, and must type it again to point the gateway at another address,
 * because the server sends the stored token to whatever address is saved (issue 7).
 */

/** What the Admin is shown instead of the token: this, then its last four characters. */
export const TOKEN_MASK = '••••';

export function maskToken(token: string): string {
  return token ? TOKEN_MASK + token.slice(-4) : '';
}

/** What a save does to the stored token. */
export type TokenChange = { kind: 'keep' } | { kind: 'replace'; token: string } | { kind: 'clear' };

/**
 * The form sends back the mask it was shown, or nothing, to keep the stored token; anything else
 * it sends is a new token. Clearing wins over a typed value (the form disables the box then).
 */
export function tokenChange(sent: string | undefined, clear: boolean | undefined): TokenChange {
  if (clear) return { kind: 'clear' };
  const typed = sent?.trim() ?? '';
  if (typed === '' || typed.startsWith(TOKEN_MASK)) return { kind: 'keep' };
  return { kind: 'replace', token: typed };
}

/**
 * Refuses a new gateway address that would receive the stored token without the Admin typing it
 * again. Runs on the stored settings under the settings row's lock, so two saves cannot slip a new
 * address past it. An emptied address sends nothing anywhere and needs no token.
 */
export function checkGatewayChange(stored: SiteSettings, newUrl: string | undefined, change: TokenChange): void {
  if (newUrl === undefined || change.kind !== 'keep' || stored.smsToken === '') return;
  const url = newUrl.trim();
  if (url === '' || url === stored.smsGatewayUrl.trim()) return;
  throw new Problem('VALIDATION', { fields: { smsToken: translate('bn', 'staff.base.tokenRequiredForUrl') } });
}
