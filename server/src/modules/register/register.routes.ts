import { createRoute, z } from '@hono/zod-openapi';
import { can, translate } from '@portal/shared';
import {
  REGISTER_CSV_FILES,
  REGISTER_KINDS,
  REGISTER_LISTS,
  registerDeleteResponseSchema,
  registerDeleteSchema,
  registerFilterSchema,
  registerPageSchema,
  registerQuerySchema,
  registerSmsResponseSchema,
  registerSmsSchema,
  type RegisterFilter,
  type RegisterList,
} from '@portal/shared/schemas/register';
import type { Context } from 'hono';
import { csvResponse } from '../../platform/http/csv.js';
import type { AppEnv } from '../../platform/http/env.js';
import { allow, requirePermission, staffOf } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { REGISTER_CSV_HEADER, registerCsvCells } from './register-csv.js';
import { listRegister, registerCsvRows } from './register.repository.js';
import { deleteApplication, restoreDeletedApplication, sendApplicationSms } from './register.service.js';
import { json, jsonBody } from '../../platform/http/openapi-shapes.js';

const listParam = z.object({ list: z.enum(REGISTER_LISTS) });
const idParam = z.object({ id: z.string().uuid() });

/**
 * A filter's kind must be one of the list's; the deleted applications are the Admin's to see (they
 * are shown only to be restored).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's typed context
function checkFilter(c: Context<AppEnv, any, any>, list: RegisterList, f: RegisterFilter) {
  if (f.kind && !REGISTER_KINDS[list].includes(f.kind)) {
    throw new Problem('VALIDATION', { fields: { kind: translate('bn', 'register.v.kind') } });
  }
  if (f.deleted) allow(c, 'register.restore');
}

/**
 * The office's register (spec 2 §2 "Application lists"; docs/decisions/037-register-lists-and-exports.md),
 * mounted at /api/staff/register: the four all-application lists, their CSV exports, and per row a
 * text message, the soft delete and the Admin's restore.
 */
export function registerRoutes() {
  const app = createRouter();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{list}',
      summary:
        'One all-application list (new, old, change, renew): paged, searched, sorted, filtered and counted by the database; register.read',
      middleware: [requirePermission('register.read')] as const,
      request: { params: listParam, query: registerQuerySchema },
      responses: { 200: json(registerPageSchema, 'One page, its total and the counts by stage') },
    }),
    async (c) => {
      const { list } = c.req.valid('param');
      const query = c.req.valid('query');
      checkFilter(c, list, query);
      const role = allow(c, 'register.read');
      const page = await listRegister(c.get('deps').db, list, query, { countDeleted: can(role, 'register.restore') });
      return c.json(page, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{list}/export.csv',
      summary:
        'The list under the same filters as CSV for Excel (legacy column names; UTF-8 with BOM, CRLF, every cell quoted), streamed; register.export',
      middleware: [requirePermission('register.export')] as const,
      request: { params: listParam, query: registerFilterSchema },
      responses: { 200: { description: 'text/csv' } },
    }),
    async (c) => {
      const { list } = c.req.valid('param');
      const filter = c.req.valid('query');
      checkFilter(c, list, filter);
      return csvResponse(c, {
        filename: REGISTER_CSV_FILES[list],
        columns: REGISTER_CSV_HEADER,
        rows: registerCsvCells(registerCsvRows(c.get('deps').db, list, filter)),
      });
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/applications/{id}/sms',
      summary:
        'A text message to the application’s mobile through the SMS outbox, recorded on the application; idempotent by clientMessageId; register.sms',
      middleware: [requirePermission('register.sms')] as const,
      request: { params: idParam, ...jsonBody(registerSmsSchema) },
      responses: { 202: json(registerSmsResponseSchema, 'Queued (or queued already by the same clientMessageId)') },
      // register.service.ts: an empty or too long text, and a limit per application.
      ...problems('NOT_FOUND', 'SMS_TEXT_INVALID', 'RATE_LIMITED'),
    }),
    async (c) => {
      const result = await sendApplicationSms(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(result, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/applications/{id}/delete',
      summary:
        'Soft delete with a reason: the application leaves every list and count; its number is never reused; register.delete',
      middleware: [requirePermission('register.delete')] as const,
      request: { params: idParam, ...jsonBody(registerDeleteSchema) },
      responses: { 200: json(registerDeleteResponseSchema, 'Deleted') },
      ...problems('NOT_FOUND'),
    }),
    async (c) => {
      const result = await deleteApplication(c.get('deps'), staffOf(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json(result, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/applications/{id}/restore',
      summary: 'Undo a delete within 30 days (409 RESTORE_EXPIRED after); register.restore',
      middleware: [requirePermission('register.restore')] as const,
      request: { params: idParam },
      responses: { 200: json(registerDeleteResponseSchema, 'Restored') },
      // register.service.ts: not deleted, or deleted too long ago.
      ...problems('NOT_FOUND', 'ACTION_NOT_ALLOWED', 'RESTORE_EXPIRED'),
    }),
    async (c) => {
      const result = await restoreDeletedApplication(c.get('deps'), staffOf(c), c.req.valid('param').id);
      return c.json(result, 200);
    },
  );

  return app;
}
