import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env.js';
import { Problem } from '../http/problem.js';
import { listOffices } from './offices.repository.js';
import { NATIONAL_PAGE_CSP, nationalPage } from './national-page.js';

/**
 * What the national address answers (docs/decisions/057-offices.md, step 3): a host no office
 * claims, with several offices open (./request-office.ts). Its pages are the list of offices; its
 * API is the list and the licence check of any office; any other API call is refused with
 * OFFICE_NOT_CHOSEN, since it would act in no office. Files (the app's built assets, icons) are
 * served as on any address.
 */
const NATIONAL_API = [
  /^\/api\/public\/offices$/,
  /^\/api\/public\/licence-key$/,
  /^\/api\/public\/licence-check\/[^/]+$/,
  /^\/api\/openapi\.json$/,
];

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
  const isPage = (c.req.method === 'GET' || c.req.method === 'HEAD') && !/\.[a-z0-9]+$/i.test(path);
  if (!isPage) return next();
  const offices = await listOffices(c.get('deps').db);
  c.header('Cache-Control', 'no-cache');
  // Its own policy, which the app's (app.ts, set only where a handler set none) leaves alone.
  c.header('Content-Security-Policy', NATIONAL_PAGE_CSP);
  return c.html(nationalPage({ offices, url: new URL(c.req.url) }));
};
