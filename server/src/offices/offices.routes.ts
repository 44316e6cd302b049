import { createRoute, z } from '@hono/zod-openapi';
import { createRouter } from '../http/router.js';
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
