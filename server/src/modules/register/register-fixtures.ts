import type { RegisterPage } from '@portal/shared/schemas/register';
import { insertApplication, type AppSeed } from '../requests/request-fixtures.js';
import type { Agent, TestContext } from '../../test/harness.js';

/**
 * Test data of the register's tests: an application as intake leaves it (request-fixtures.ts), with
 * a father's name of its own, since the register searches it.
 */
export async function registerApplication(
  ctx: TestContext,
  seed: AppSeed & { fatherName?: string } = {},
): Promise<{ id: string; applicationNumber: number }> {
  const { fatherName, ...rest } = seed;
  const app = await insertApplication(ctx, rest);
  if (fatherName) {
    await ctx.db.updateTable('applications').set({ father_name: fatherName }).where('id', '=', app.id).execute();
  }
  return app;
}

/** GET /api/staff/register/{list}?query as the agent. */
export async function registerList(
  ctx: TestContext,
  agent: Agent,
  list: string,
  query: Record<string, string | number> = {},
): Promise<{ status: number; body: RegisterPage & { error?: { code: string; fields?: Record<string, string> } } }> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await ctx.request(`/api/staff/register/${list}${qs ? `?${qs}` : ''}`, { agent });
  return { status: res.status, body: (await res.json()) as RegisterPage };
}

/** POST …/applications/{id}/{what} as the agent; the status and the answer. */
export async function registerPost(
  ctx: TestContext,
  agent: Agent,
  id: string,
  what: 'sms' | 'delete' | 'restore',
  json: unknown = {},
): Promise<{
  status: number;
  body: Record<string, unknown> & { error?: { code: string; message: string; fields?: Record<string, string> } };
}> {
  const res = await ctx.request(`/api/staff/register/applications/${id}/${what}`, { method: 'POST', agent, json });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
