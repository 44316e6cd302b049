import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../platform/http/env.js';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { listOffices, type Office } from './offices.repository.js';

/**
 * Which office a request is for, and the database as that office sees it
 * (docs/decisions/057-offices.md). Runs first: after it, `c.get('deps').db` is the office-scoped
 * database, so no handler reaches an unscoped connection.
 *
 * The office is the open office whose address is the request's host name. A host no open office
 * claims is the national address when several offices are open (its pages list the offices:
 * ./national-address.ts), and the office itself when only one is (a deployment with one office
 * needs no configuration). If the offices cannot be read (the database is away), the request goes
 * on with no office: its queries see no office rows, and the API answers its usual error.
 */
export function officeOf(offices: readonly Office[], host: string): Office | null {
  const name = hostName(host);
  const open = offices.filter((o) => o.open);
  return open.find((o) => o.host === name) ?? (open.length === 1 ? open[0]! : null);
}

/** The host's name as offices store it: lower case, no port, no final dot. */
export function hostName(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

export const requestOffice: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get('deps');
  const offices = await listOffices(deps.db).catch(() => null);
  const office = offices ? officeOf(offices, new URL(c.req.url).host) : null;
  c.set('office', office);
  c.set('national', office === null && Boolean(offices?.some((o) => o.open)));
  c.set('deps', {
    ...deps,
    db: scopedDatabase(deps.db, office ? officeScope(office.id) : { officeIds: [], officeId: null }),
  });
  await next();
};
