import { createRoute, z } from '@hono/zod-openapi';
import { translate } from '@portal/shared';
import {
  areaRegisterFilterSchema,
  areaRegisterPageSchema,
  areaRegisterQuerySchema,
  type AreaOffice,
  type AreaRegisterPage,
} from '@portal/shared/schemas/area-register';
import { REGISTER_CSV_FILES, REGISTER_KINDS, REGISTER_LISTS, type RegisterList } from '@portal/shared/schemas/register';
import type { Context } from 'hono';
import type { Database } from '../../platform/db/database.js';
import { baseOf, officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { csvResponse } from '../../platform/http/csv.js';
import type { AppEnv } from '../../platform/http/env.js';
import { areaOf, requireArea } from '../../platform/http/guards.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { listRegister } from '../register/register.repository.js';
import { AREA_REGISTER_CSV_HEADER, areaRegisterCsvRows } from './area-register-csv.js';
import { officesOfArea } from './national.repository.js';
import type { Office } from './offices.repository.js';

/**
 * The register across an area (docs/decisions/057-offices.md, step 4): the office's four lists and
 * their CSV exports, read only, for the national administrator and the district and division
 * viewers, mounted at /api/national. The office's own queries (register.repository.ts) run under a
 * scope of exactly the area's offices, so the row-level policy keeps every other office out; no
 * text, delete or restore is reachable from here.
 */
const listParam = z.object({ list: z.enum(REGISTER_LISTS) });
type AnyContext = Context<AppEnv, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- any route's typed context

/**
 * The offices a request reads: the caller's area (officesOfArea: every office for the national
 * administrator, the open offices of the district or division for a viewer), or the one asked
 * for. An office outside the area is a 404, the same answer as an office that does not exist, so
 * the refusal tells nothing about it.
 */
async function officesAsked(c: AnyContext, office: number | undefined) {
  const area = areaOf(c, 'register.area');
  const all = await officesOfArea(c.get('deps').db, area);
  const chosen = office === undefined ? all : all.filter((o) => o.id === office);
  if (office !== undefined && chosen.length === 0) throw new Problem('NOT_FOUND');
  return { all, chosen };
}

/**
 * The database those offices' rows are read through. One office gets its own scope, with the
 * explicit office filter the planner needs to read an index led by the office in order
 * (db/office-filter.ts); several get the policy alone ({ officeIds, officeId: null }).
 */
function readerOf(db: Database, offices: readonly Office[]): Database {
  if (offices.length === 1) return scopedDatabase(baseOf(db), officeScope(offices[0]!.id));
  return scopedDatabase(baseOf(db), { officeIds: offices.map((o) => o.id), officeId: null });
}

/** A filter's kind must be one of the list's (as on the office's register). */
function checkKind(list: RegisterList, kind: string | undefined) {
  if (kind && !(REGISTER_KINDS[list] as readonly string[]).includes(kind)) {
    throw new Problem('VALIDATION', { fields: { kind: translate('bn', 'register.v.kind') } });
  }
}

const named = (o: Office): AreaOffice => ({ id: o.id, nameBn: o.nameBn, nameEn: o.nameEn });

/** Mounted at /api/national. */
export function areaRegisterRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/register/{list}',
      summary:
        "One register list (new, old, change, renew) over the caller's area or one office of it, each row naming its office; counts by stage summed over the offices read (national administrator, area viewers)",
      security: [staffWith()],
      middleware: [requireArea('register.area')] as const,
      request: { params: listParam, query: areaRegisterQuerySchema },
      responses: {
        200: { content: { 'application/json': { schema: areaRegisterPageSchema } }, description: 'One page' },
      },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      const { list } = c.req.valid('param');
      const { office, ...query } = c.req.valid('query');
      checkKind(list, query.kind);
      const { all, chosen } = await officesAsked(c, office);
      const db = readerOf(c.get('deps').db, chosen);
      const page = await listRegister(db, list, { ...query, deleted: false }, { countDeleted: false });
      // Which office each row is: the page's ids by primary key, under the same scope.
      const ids = page.rows.map((r) => r.id);
      const owners = ids.length
        ? await db.selectFrom('applications').select(['id', 'office_id']).where('id', 'in', ids).execute()
        : [];
      const officeOf = new Map(owners.map((r) => [r.id, r.office_id]));
      const byId = new Map(all.map((o) => [o.id, named(o)]));
      const body: AreaRegisterPage = {
        ...page,
        rows: page.rows.map((r) => ({ ...r, office: byId.get(officeOf.get(r.id)!)! })),
        offices: all.map(named),
      };
      return c.json(body, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/register/{list}/export.csv',
      summary:
        "The list under the same filters as CSV over the caller's area or one office of it: an office column first, then the office export's legacy columns; grouped by office, newest first in each (national administrator, area viewers)",
      security: [staffWith()],
      middleware: [requireArea('register.area')] as const,
      request: { params: listParam, query: areaRegisterFilterSchema },
      responses: { 200: { description: 'text/csv' } },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      const { list } = c.req.valid('param');
      const { office, ...filter } = c.req.valid('query');
      checkKind(list, filter.kind);
      const { chosen } = await officesAsked(c, office);
      const base = c.get('deps').db;
      const prefix = office === undefined ? 'area' : chosen[0]!.code;
      return csvResponse(c, {
        filename: `${prefix}_${REGISTER_CSV_FILES[list]}`,
        columns: AREA_REGISTER_CSV_HEADER,
        rows: areaRegisterCsvRows(
          chosen.map((o) => ({ office: o, db: readerOf(base, [o]) })),
          list,
          { ...filter, deleted: false },
        ),
      });
    },
  );

  return app;
}
