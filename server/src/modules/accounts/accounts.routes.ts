import { createRoute, z } from '@hono/zod-openapi';
import { accountListSchema, accountSchema, serialIdSchema, setRoleSchema, type Account } from '@portal/shared';
import { requirePermission, staffOf } from '../../platform/http/guards.js';
import { problems } from '../../platform/http/openapi-contract.js';
import { Problem } from '../../platform/http/problem.js';
import { createRouter } from '../../platform/http/router.js';
import { actorOf } from '../audit/audit.repository.js';
import { accountsHere, deleteAccount, setAccountRole } from './accounts.repository.js';
import { jsonContent } from '../../platform/http/openapi-shapes.js';

const idParams = z.object({ id: serialIdSchema });

function toAccount(row: {
  id: number;
  display_name: string | null;
  email: string;
  role: Account['role'];
  created_at: Date;
}): Account {
  return {
    id: row.id,
    name: row.display_name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * Account Manager (spec 2 §2 manage-account, §6): the Admin lists accounts, gives or removes a role
 * and deletes accounts. A role change signs the account out everywhere (docs/decisions/018-service-targets.md), so a
 * removed officer loses access at once, not when a cookie happens to expire. Every change is an
 * audit row (accounts.repository.ts, docs/decisions/041-audit-trail.md).
 */
export function accountsRoutes() {
  const app = createRouter();
  const adminOnly = requirePermission('accounts.manage');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      summary: 'Every staff account of the office with its role there, newest first (Admin)',
      middleware: adminOnly,
      responses: { 200: { description: 'Every staff account', ...jsonContent(accountListSchema) } },
    }),
    async (c) => {
      const rows = await accountsHere(c.get('deps').db);
      return c.json({ rows: rows.map(toAccount) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}/role',
      summary: "Give, change or remove an account's role; the account is signed out everywhere (Admin)",
      middleware: adminOnly,
      request: { params: idParams, body: { ...jsonContent(setRoleSchema), required: true } },
      responses: { 200: { description: 'The account with its new role', ...jsonContent(accountSchema) } },
      // accounts.repository.ts: not the Admin's own role, nor the last Admin's.
      ...problems('NOT_FOUND', 'FORBIDDEN'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const account = await setAccountRole(db, {
        id: c.req.valid('param').id,
        role: c.req.valid('json').role,
        by: actorOf(staffOf(c)),
        now: now(),
      });
      return c.json(toAccount(account), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      summary: 'Delete an account that has left no records (Admin)',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Account deleted (its sessions with it)' } },
      // accounts.repository.ts: not one's own account; not one whose name is on records.
      ...problems('NOT_FOUND', 'FORBIDDEN', 'ACTION_NOT_ALLOWED'),
    }),
    async (c) => {
      const { db, now } = c.get('deps');
      const gone = await deleteAccount(db, { id: c.req.valid('param').id, by: actorOf(staffOf(c)), now: now() });
      if (!gone) throw new Problem('NOT_FOUND');
      return c.body(null, 204);
    },
  );

  return app;
}
