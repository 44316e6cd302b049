import type { Context } from 'hono';
import type { AppEnv } from '../../platform/http/env.js';
import { hostName } from './request-office.js';
import type { Office } from './offices.repository.js';

/**
 * The address of an office's public site, for the links and texts the portal sends (a text
 * message's "from" line, a staff e-mail's sign-in and reset links; docs/decisions/057-offices.md):
 * the office's own host name, over PUBLIC_URL's scheme and port, when the request came by it;
 * PUBLIC_URL otherwise. So one office with no set-up keeps PUBLIC_URL (an upgraded office's host,
 * taken from the country's list, may not lead here yet), and each office of several sends its own
 * address. Never the Host header as sent: a reset link built from it could point at an attacker's
 * site. The host used is the one the office list holds, and only once a request proved it leads here.
 */
export function officeUrl(publicUrl: string, office: Office | null, requestHost: string): string {
  const base = new URL(publicUrl);
  if (office?.host && office.host === hostName(requestHost)) base.hostname = office.host;
  return base.origin;
}

/** The address of the request's office. */
export function requestOfficeUrl(c: Context<AppEnv>): string {
  return officeUrl(c.get('deps').config.publicUrl, c.get('office'), new URL(c.req.url).host);
}
