import { createRoute, z } from '@hono/zod-openapi';
import {
  appointAdminSchema,
  areaRoleSchema,
  changeOfficeSchema,
  openOfficeSchema,
  todayInDhaka,
  translate,
} from '@portal/shared';
import type { Context } from 'hono';
import { areaOf, requireArea } from '../../platform/http/guards.js';
import type { AppEnv } from '../../platform/http/env.js';
import { problems, staffWith } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { actorOf } from '../audit/audit.repository.js';
import { officeScope, scopedDatabase, baseOf } from '../../platform/db/office-scope.js';
import { officeLink } from './national-page.js';
import { appointAdmin, changeOffice, figuresOf, officesOfArea, openOffice } from './national.repository.js';
import type { Office } from './offices.repository.js';
import { officeById } from './office-lookup.js';
import { json, jsonBody } from '../../platform/http/openapi-shapes.js';

/**
 * The national administrator's and the area viewers' API (docs/decisions/057-offices.md, step 4),
 * mounted at /api/national and served on every address, the national one included. Who may do what
 * is AREA_PERMISSIONS (shared/src/access.ts); an office role opens none of it.
 */
const areaSchema = z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string() }).nullable();
const figuresSchema = z.object({
  applications: z.number().int(),
  inReview: z.number().int(),
  approved: z.number().int(),
  declined: z.number().int(),
  licencesInForce: z.number().int(),
});
const officeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  nameBn: z.string(),
  nameEn: z.string(),
  host: z.string().nullable(),
  url: z.string().nullable(),
  upazilaId: z.number().int().nullable(),
  district: areaSchema,
  division: areaSchema,
  open: z.boolean(),
});
const overviewSchema = z.object({
  area: areaRoleSchema,
  offices: z.array(officeSchema.extend({ figures: figuresSchema })),
  /** The area's sum: every office listed. */
  totals: figuresSchema,
});
const upazilaSchema = z.object({
  id: z.number().int(),
  nameBn: z.string(),
  nameEn: z.string(),
  district: z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string() }),
  /** The office already serving it, if any. */
  officeId: z.number().int().nullable(),
});
const appointedSchema = z.object({
  email: z.string(),
  created: z.boolean(),
  /** Only for a new account: its one-time password, shown once, to be changed at first sign-in. */
  oneTimePassword: z.string().nullable(),
});

const idParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

function officeView(o: Office, c: Context<AppEnv>) {
  const url = new URL(c.req.url);
  url.pathname = '/';
  return {
    id: o.id,
    code: o.code,
    nameBn: o.nameBn,
    nameEn: o.nameEn,
    host: o.host,
    url: officeLink(o, url),
    upazilaId: o.upazilaId,
    district: o.district,
    division: o.division,
    open: o.open,
  };
}

const field = (name: string, key: 'offices.v.upazilaTaken' | 'offices.v.hostTaken' | 'offices.v.noSuchUpazila') =>
  new Problem('VALIDATION', { fields: { [name]: translate('bn', key) } });

/** Mounted at /api/national. */
export function nationalRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/offices',
      summary:
        "The offices of the caller's area with each one's figures and their sum (national administrator, area viewers)",
      security: [staffWith()],
      middleware: [requireArea('offices.overview')] as const,
      responses: { 200: json(overviewSchema, 'The offices and their figures') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      const area = areaOf(c, 'offices.overview');
      const { db, now } = c.get('deps');
      const offices = await officesOfArea(db, area);
      const figures = await figuresOf(
        db,
        offices.map((o) => o.id),
        todayInDhaka(now()),
      );
      const rows = offices.map((o, i) => {
        const { officeId: _, ...f } = figures[i]!;
        return { ...officeView(o, c), figures: f };
      });
      const totals = { applications: 0, inReview: 0, approved: 0, declined: 0, licencesInForce: 0 };
      for (const r of rows) for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += r.figures[k];
      return c.json({ area, offices: rows, totals }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/upazilas',
      summary: "The country's upazilas, each with the office serving it if any (national administrator)",
      security: [staffWith()],
      middleware: [requireArea('offices.manage')] as const,
      responses: { 200: json(z.object({ upazilas: z.array(upazilaSchema) }), 'Every upazila of the list') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      areaOf(c, 'offices.manage');
      const rows = await c
        .get('deps')
        .db.selectFrom('upazilas as u')
        .innerJoin('districts as d', 'd.id', 'u.district_id')
        .leftJoin('offices as o', 'o.upazila_id', 'u.id')
        .select(['u.id', 'u.name_bn', 'u.name_en', 'd.id as district_id', 'd.name_bn as district_bn'])
        .select(['d.name_en as district_en', 'o.id as office_id'])
        .orderBy('d.name_en')
        .orderBy('u.name_en')
        .execute();
      const upazilas = rows.map((r) => ({
        id: r.id,
        nameBn: r.name_bn,
        nameEn: r.name_en,
        district: { id: r.district_id, nameBn: r.district_bn, nameEn: r.district_en },
        officeId: r.office_id,
      }));
      return c.json({ upazilas }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/offices',
      summary: "Open the office of an upazila of the country's list (national administrator)",
      security: [staffWith()],
      middleware: [requireArea('offices.manage')] as const,
      request: jsonBody(openOfficeSchema),
      responses: { 201: json(officeSchema, 'The office, open') },
      ...problems('FORBIDDEN'),
    }),
    async (c) => {
      areaOf(c, 'offices.manage');
      const { db, now } = c.get('deps');
      const input = c.req.valid('json');
      const result = await openOffice(
        db,
        { upazilaId: input.upazilaId, host: input.host ?? null },
        actorOf(c.get('staff')!),
        now(),
      );
      if ('refused' in result) {
        if (result.refused === 'hostTaken') throw field('host', 'offices.v.hostTaken');
        throw field(
          'upazilaId',
          result.refused === 'upazilaTaken' ? 'offices.v.upazilaTaken' : 'offices.v.noSuchUpazila',
        );
      }
      return c.json(officeView(result.office, c), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/offices/{id}',
      summary: 'Rename an office, change its address, close or reopen it (national administrator)',
      security: [staffWith()],
      middleware: [requireArea('offices.manage')] as const,
      request: { params: idParam, ...jsonBody(changeOfficeSchema) },
      responses: { 200: json(officeSchema, 'The office as it is now') },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      areaOf(c, 'offices.manage');
      const { db, now } = c.get('deps');
      const office = await changeOffice(
        db,
        c.req.valid('param').id,
        c.req.valid('json'),
        actorOf(c.get('staff')!),
        now(),
      );
      if (office === 'hostTaken') throw field('host', 'offices.v.hostTaken');
      if (!office) throw new Problem('NOT_FOUND');
      return c.json(officeView(office, c), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/offices/{id}/admin',
      summary:
        "Appoint an office's Admin: an existing account gets the role there, a new one a one-time password (national administrator)",
      security: [staffWith()],
      middleware: [requireArea('offices.manage')] as const,
      request: { params: idParam, ...jsonBody(appointAdminSchema) },
      responses: { 200: json(appointedSchema, 'The account, Admin of that office now') },
      ...problems('FORBIDDEN', 'NOT_FOUND'),
    }),
    async (c) => {
      areaOf(c, 'offices.manage');
      const { db, now } = c.get('deps');
      const id = c.req.valid('param').id;
      if (!(await officeById(db, id))) throw new Problem('NOT_FOUND');
      const { email, name } = c.req.valid('json');
      const result = await appointAdmin(
        scopedDatabase(baseOf(db), officeScope(id)),
        { email, name: name ?? null },
        actorOf(c.get('staff')!),
        now(),
      );
      return c.json({ email, created: result.created, oneTimePassword: result.password }, 200);
    },
  );

  return app;
}
