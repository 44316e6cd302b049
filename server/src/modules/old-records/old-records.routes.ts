import { createRoute, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { oldRecordFieldsSchema } from '@portal/shared';
import {
  OLD_IMPORT_MAX_BYTES,
  OLD_IMPORT_MAX_ROWS,
  OLD_IMPORT_MAX_RECORD_CHARS,
  oldImportReportSchema,
  oldRecordCreatedSchema,
} from '@portal/shared/schemas/old-records';
import { csvResponse } from '../../platform/http/csv.js';
import type { AppEnv } from '../../platform/http/env.js';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { createRouter } from '../../platform/http/router.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { csvRows } from './csv-upload.js';
import { templateHeaders } from './import-columns.js';
import { assertOldRecordsOpen, checkOldImport, createOldRecord, importOldRecords } from './old-records.service.js';
import { json } from '../../platform/http/openapi-shapes.js';

/**
 * Old-record entry and import (spec 2 §2 "Old-application entry"; docs/decisions/039-old-records-import.md),
 * mounted at /api/staff. Permission register.import (BADC, Admin); open only while others1 is ON.
 */

/** After the permission, before the body is read: closed is 404 whatever was sent. */
const whileOpen: MiddlewareHandler<AppEnv> = async (c, next) => {
  await assertOldRecordsOpen(c.get('deps').db);
  await next();
};

const createRoute1 = createRoute({
  method: 'post',
  path: '/old-records',
  summary:
    'One old record from the paper register: an Old application, Approved, with its licence (the register’s number) and period; 409 when the number is taken',
  middleware: [requirePermission('register.import'), whileOpen] as const,
  request: { body: { content: { 'application/json': { schema: oldRecordFieldsSchema } }, required: true } },
  responses: { 201: json(oldRecordCreatedSchema, 'The application and the licence created') },
  ...problems('OLD_RECORDS_CLOSED', 'LICENCE_NUMBER_TAKEN'),
});

const importRoute = createRoute({
  method: 'post',
  path: '/old-records/import',
  summary: `Old records from a CSV body (Content-Type text/csv, UTF-8; at most ${OLD_IMPORT_MAX_ROWS} rows and ${OLD_IMPORT_MAX_BYTES} bytes): dryRun=1 answers the row report and writes nothing; otherwise every row in one transaction, or 422 IMPORT_ROWS_INVALID with the report and nothing written`,
  middleware: [requirePermission('register.import'), whileOpen] as const,
  request: {
    query: z.object({ dryRun: z.enum(['0', '1']).optional() }),
    // Documentation only: csv-upload.ts reads the body itself (no zod schema, so no validator here).
    body: { required: true, content: { 'text/csv': { schema: { type: 'string' } } } },
  },
  responses: {
    200: json(oldImportReportSchema, 'The dry run: what would be created, row by row'),
    201: json(oldImportReportSchema, 'Imported: every row'),
  },
  // csv-upload.ts (not text/csv, unreadable, too long) and old-records.service.ts (a bad row).
  ...problems(
    'OLD_RECORDS_CLOSED',
    'UNSUPPORTED_MEDIA_TYPE',
    'CSV_UNREADABLE',
    'IMPORT_TOO_MANY_ROWS',
    'IMPORT_ROWS_INVALID',
    'LICENCE_NUMBER_TAKEN',
  ),
});

const templateRoute = createRoute({
  method: 'get',
  path: '/old-records/template.csv',
  summary: 'The import template: the header row with the legacy column names (spec 2 §3), UTF-8 with BOM',
  middleware: [requirePermission('register.import'), whileOpen] as const,
  responses: { 200: { description: 'text/csv' } },
  ...problems('OLD_RECORDS_CLOSED'),
});

export function oldRecordsRoutes() {
  const app = createRouter();

  app.openapi(createRoute1, async (c) => {
    const staff = staffOf(c);
    const created = await createOldRecord(c.get('deps'), { userId: staff.id, email: staff.email }, c.req.valid('json'));
    return c.json(created, 201);
  });

  app.openapi(importRoute, async (c) => {
    const deps = c.get('deps');
    const staff = staffOf(c);
    const rows = csvRows(c.req.raw.body, {
      contentType: c.req.header('content-type'),
      maxBytes: OLD_IMPORT_MAX_BYTES,
      maxRows: OLD_IMPORT_MAX_ROWS,
      maxRecordChars: OLD_IMPORT_MAX_RECORD_CHARS,
    });
    if (c.req.valid('query').dryRun === '1') return c.json((await checkOldImport(deps.db, rows)).report, 200);
    return c.json(await importOldRecords(deps, { userId: staff.id, email: staff.email }, rows), 201);
  });

  app.openapi(templateRoute, (c) =>
    csvResponse(c, { filename: 'old_applicant_template.csv', columns: templateHeaders(), rows: [] }),
  );

  return app;
}
