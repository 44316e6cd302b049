import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../../platform/http/router.js';
import { staffRoleSchema, type StaffRole } from '@portal/shared';
import { staffOf } from '../../platform/http/guards.js';
import { staffWith } from '../../platform/http/openapi-contract.js';
import { rolesEverywhere } from '../auth/staff-roles.js';
import { listOffices, type Office } from './offices.repository.js';
import { officeLink } from './national-page.js';

/**
 * The open offices, for anyone (docs/decisions/057-offices.md): what the national address lists,
 * as data. Each office's `url` is its own address over the scheme and port this request came by.
 */
const areaSchema = z.object({ id: z.number().int(), nameBn: z.string(), nameEn: z.string() }).nullable();
const officeSchema = z.object({
  code: z.string(),
  nameBn: z.string(),
  nameEn: z.string(),
  district: areaSchema,
  division: areaSchema,
  /** The office's public address, or null while it has none. */
  url: z.string().nullable(),
});

const myOfficeSchema = z.object({
  code: z.string(),
  nameBn: z.string(),
  nameEn: z.string(),
  role: staffRoleSchema,
  url: z.string().nullable(),
  /** The office of this address. */
  current: z.boolean(),
});

/**
 * The signed-in person's offices (docs/decisions/057-offices.md, step 4): where they hold a role, so
 * that a person who serves two upazilas goes from one to the other from the shell. Each office keeps
 * its own sign-in (a session is one address's cookie), so the other office asks to sign in again.
 * Mounted at /api/auth.
 */
export function myOfficesRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/offices',
      summary: "The signed-in person's offices, with their role and address in each (any signed-in account)",
      security: [staffWith()],
      responses: {
        200: {
          content: { 'application/json': { schema: z.object({ offices: z.array(myOfficeSchema) }) } },
          description: 'Every open office where the person holds a role',
        },
      },
    }),
    async (c) => {
      const staff = staffOf(c);
      const { db } = c.get('deps');
      const here = c.get('office');
      const url = new URL(c.req.url);
      url.pathname = '/admin-page';
      const offices = await listOffices(db);
      const mine = (await rolesEverywhere(db, staff.id))
        .map(({ officeId, role }) => ({ office: offices.find((o) => o.id === officeId && o.open), role }))
        .filter((m): m is { office: Office; role: StaffRole } => Boolean(m.office))
        .map(({ office, role }) => ({
          code: office.code,
          nameBn: office.nameBn,
          nameEn: office.nameEn,
          role,
          url: officeLink(office, url),
          current: office.id === here?.id,
        }));
      return c.json({ offices: mine }, 200);
    },
  );
  return app;
}

/** Mounted at /api/public. */
export function officesRoutes() {
  const app = createRouter();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/offices',
      summary: 'The open upazila offices, with their district, division and public address (anyone)',
      responses: {
        200: {
          content: { 'application/json': { schema: z.object({ offices: z.array(officeSchema) }) } },
          description: 'Every open office, by id',
        },
      },
    }),
    async (c) => {
      const url = new URL(c.req.url);
      url.pathname = '/';
      const offices = (await listOffices(c.get('deps').db)).filter((o) => o.open);
      const item = (o: Office) => ({
        code: o.code,
        nameBn: o.nameBn,
        nameEn: o.nameEn,
        district: o.district,
        division: o.division,
        url: officeLink(o, url),
      });
      return c.json({ offices: offices.map(item) }, 200);
    },
  );
  return app;
}
