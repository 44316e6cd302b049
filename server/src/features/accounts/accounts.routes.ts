import { createRoute, z } from '@hono/zod-openapi';
import {
  accountListSchema,
  accountSchema,
  serialIdSchema,
  setRoleSchema,
  translate,
  type Account,
} from '@portal/shared';
import { requirePermission, staffOf } from '../../http/guards.js';
import { Problem } from '../../http/problem.js';
import { createRouter } from '../../http/router.js';
import { endSessionsOfUser } from '../../http/session.js';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const idParams = z.object({ id: serialIdSchema });

function toAccount(row: { id: number; email: string; role: Account['role']; created_at: Date }): Account {
  return { id: row.id, email: row.email, role: row.role, createdAt: row.created_at.toISOString() };
}

/**
 * Account Manager (spec 2 §2 manage-account, §6): the Admin lists accounts, gives or removes a role
 * and deletes accounts. A role change signs the account out everywhere (docs/decisions/018-service-targets.md), so a
 * removed officer loses access at once, not when a cookie happens to expire.
 */
export function accountsRoutes() {
  const app = createRouter();
  const adminOnly = requirePermission('accounts.manage');

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      middleware: adminOnly,
      responses: { 200: { description: 'Every staff account', ...json(accountListSchema) } },
    }),
    async (c) => {
      const rows = await c
        .get('deps')
        .db.selectFrom('staff_users')
        .select(['id', 'email', 'role', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return c.json({ rows: rows.map(toAccount) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/{id}/role',
      middleware: adminOnly,
      request: { params: idParams, body: { ...json(setRoleSchema), required: true } },
      responses: { 200: { description: 'The account with its new role', ...json(accountSchema) } },
    }),
    async (c) => {
      const me = staffOf(c);
      const { id } = c.req.valid('param');
      const { role } = c.req.valid('json');
      const { db, now: clock } = c.get('deps');
      if (id === me.id && role !== 'Admin') {
        throw new Problem('FORBIDDEN', { fields: { role: translate('bn', 'auth.ownAdminRole') } });
      }
      const { account, before } = await db.transaction().execute(async (trx) => {
        // Lock the Admin rows: two Admins demoting each other at once must not leave none.
        const admins = await trx
          .selectFrom('staff_users')
          .select('id')
          .where('role', '=', 'Admin')
          .forUpdate()
          .execute();
        const target = await trx
          .selectFrom('staff_users')
          .select(['id', 'role'])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
        if (!target) throw new Problem('NOT_FOUND');
        if (target.role === 'Admin' && role !== 'Admin' && admins.every((a) => a.id === id)) {
          throw new Problem('FORBIDDEN', { fields: { role: translate('bn', 'auth.lastAdmin') } });
        }
        const updated = await trx
          .updateTable('staff_users')
          .set({ role, updated_at: clock() })
          .where('id', '=', id)
          .returning(['id', 'email', 'role', 'created_at'])
          .executeTakeFirstOrThrow();
        if (target.role !== role) await endSessionsOfUser(trx, id);
        return { account: updated, before: target.role };
      });
      if (before !== role) {
        console.info(
          `[accounts] ${me.email} changed the role of ${account.email}: ${before ?? 'none'} → ${role ?? 'none'}`,
        );
      }
      return c.json(toAccount(account), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/{id}',
      middleware: adminOnly,
      request: { params: idParams },
      responses: { 204: { description: 'Account deleted (its sessions with it)' } },
    }),
    async (c) => {
      const me = staffOf(c);
      const { id } = c.req.valid('param');
      if (id === me.id) throw new Problem('FORBIDDEN', { fields: { id: translate('bn', 'auth.deleteSelf') } });
      let deleted: { email: string; role: Account['role'] } | undefined;
      try {
        deleted = await c
          .get('deps')
          .db.deleteFrom('staff_users')
          .where('id', '=', id)
          .returning(['email', 'role'])
          .executeTakeFirst();
      } catch (err) {
        // A record that must keep its author (a table added later without ON DELETE SET NULL): say so plainly.
        if ((err as { code?: string }).code === '23503') {
          throw new Problem('ACTION_NOT_ALLOWED', { fields: { id: translate('bn', 'auth.deleteHasRecords') } });
        }
        throw err;
      }
      if (!deleted) throw new Problem('NOT_FOUND');
      console.info(`[accounts] ${me.email} deleted the account ${deleted.email} (${deleted.role ?? 'no role'})`);
      return c.body(null, 204);
    },
  );

  return app;
}
