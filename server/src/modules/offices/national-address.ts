import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../platform/http/env.js';
import { Problem } from '../../platform/http/problem.js';
import { listOffices } from './offices.repository.js';
import { NATIONAL_PAGE_CSP, nationalPage } from './national-page.js';

/**
 * What the national address answers (docs/decisions/057-offices.md, steps 3 and 4): a host no
 * office claims, with several offices open (./request-office.ts). Its pages are the list of
 * offices, but for the staff sign-in and the staff app, where the national administrator and the
 * area viewers work. Its API is the list and the licence check of any office, signing in, and the
 * national screens'; any other API call is refused with OFFICE_NOT_CHOSEN, since it would act in no
 * office. Files (the app's built assets, icons) are served as on any address.
 */
const NATIONAL_API = [
  /^\/api\/public\/offices$/,
  /^\/api\/public\/licence-key$/,
  /^\/api\/public\/licence-check\/[^/]+$/,
  // The staff app's frame asks for the site's words; here they are the defaults (no office's).
  /^\/api\/public\/settings$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/auth\/(login|logout|me|me\/name|offices|forgot|reset|change-password)$/,
  /^\/api\/national\//,
];

/** The staff app's pages, served as on an office's address. */
const STAFF_PAGES = /^\/(login|forget|reset-password|admin-page)(\/|$)/;

/** Whether an API path (as requested, or as the contract writes it) is served on the national address. */
export function servedOnNationalAddress(path: string): boolean {
  return NATIONAL_API.some((pattern) => pattern.test(path));
}

export const nationalAddress: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('national')) return next();
  const path = c.req.path;
  if (path.startsWith('/api/')) {
    if (servedOnNationalAddress(path)) return next();
    throw new Problem('OFFICE_NOT_CHOSEN');
  }
  // No service worker here: its navigation fallback would answer this address's pages with the app,
  // hiding the list of offices from a browser that once signed in here.
  if (path === '/sw.js') return c.text('', 404);
  const isPage = (c.req.method === 'GET' || c.req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
  if (!isPage || STAFF_PAGES.test(path)) return next();
  const offices = await listOffices(c.get('deps').db);
  c.header('Cache-Control', 'no-cache');
  // Its own policy, which the app's (app.ts, set only where a handler set none) leaves alone.
  c.header('Content-Security-Policy', NATIONAL_PAGE_CSP);
  return c.html(nationalPage({ offices, url: new URL(c.req.url) }));
};
