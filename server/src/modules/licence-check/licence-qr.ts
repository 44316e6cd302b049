import type { Context } from 'hono';
import { todayInDhaka, type SiteSettings } from '@portal/shared';
import type { AppEnv } from '../../platform/http/env.js';
import type { Database } from '../../platform/db/database.js';
import { getSettings } from '../settings/settings.repository.js';
import { findLicenceFacts } from './licence-facts.repository.js';
import { signingKey } from './signing-key.js';
import { signedCheckUrl } from './signed-facts.js';

/**
 * The text of a licence's verification QR (the certificate and its PDF): the licence's facts as
 * they stand now, signed, in a link to the public /licence-check page of this portal. The site's
 * own address (Base Settings → web URL) is preferred to the request's, so a
 * certificate printed from an office LAN address still opens the public site.
 */
export async function licenceCheckUrl(
  c: Context<AppEnv>,
  licenceId: string | undefined,
  settings: SiteSettings,
): Promise<string> {
  // No licence yet: the certificate is refused (LICENCE_NOT_READY) before the QR is needed.
  if (!licenceId) return '';
  const { db, now } = c.get('deps');
  return (await licenceCheckUrlFor(db, licenceId, c.req.url, now(), settings)) ?? '';
}

/**
 * The same without a request; null when the licence does not exist. `requestUrl`: any URL of this
 * portal as reached; `settings`: the site settings when the caller has them already.
 */
export async function licenceCheckUrlFor(
  db: Database,
  licenceId: string,
  requestUrl: string,
  now: Date,
  settings?: SiteSettings,
): Promise<string | null> {
  const facts = await findLicenceFacts(db, { licenceId }, todayInDhaka(now));
  if (!facts) return null;
  const { webUrl } = settings ?? (await getSettings(db));
  return signedCheckUrl(portalOrigin(webUrl, requestUrl), facts, await signingKey(db));
}

/** The configured web URL's origin when it is an http(s) address, else the request's origin. */
export function portalOrigin(webUrl: string, requestUrl: string): string {
  try {
    const configured = new URL(webUrl.trim());
    if (configured.protocol === 'https:' || configured.protocol === 'http:') return configured.origin;
  } catch {
    // Not an absolute address (empty, or "www.example.gov.bd"): the request knows better.
  }
  return new URL(requestUrl).origin;
}
