import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION } from '@portal/shared';
import type { AppEnv } from './env.js';

/**
 * The staff session cookie: HttpOnly (no script can read it), SameSite=Lax (not sent on cross-site
 * form posts), Path=/, Secure when the portal is served over https (config.secureCookies).
 * No Max-Age: the server decides expiry (idle and absolute timeouts), the browser drops it on close.
 */
export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, SESSION.cookieName);
}

export function writeSessionCookie(c: Context<AppEnv>, token: string): void {
  setCookie(c, SESSION.cookieName, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure: c.get('deps').config.secureCookies,
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  deleteCookie(c, SESSION.cookieName, { path: '/', secure: c.get('deps').config.secureCookies });
}
