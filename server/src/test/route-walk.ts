import type { ProblemBody } from '@portal/shared';
import type { Agent, TestContext } from './harness.js';

/**
 * The pieces of the tests that walk every route the API lists (access control, forced password
 * change): a route added later is walked without anyone remembering to add it.
 */
export const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/** Every operation of /api/openapi.json as 'METHOD /api/path/{param}'. */
export async function listOperations(ctx: TestContext): Promise<string[]> {
  const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
}

/**
 * Calls an operation at `url` (default: its template with every {param} filled by PLACEHOLDER_ID),
 * with a JSON `body` on writes (default `{}`); answers the status and the problem code, if any.
 */
export async function callOperation(
  ctx: TestContext,
  operation: string,
  opts: { url?: string; body?: unknown; agent?: Agent } = {},
): Promise<{ status: number; code?: string }> {
  const [method, template] = operation.split(' ') as [string, string];
  const url = opts.url ?? template.replace(/\{[^}]+\}/g, PLACEHOLDER_ID);
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const res = await ctx.request(url, { method, agent: opts.agent, ...(withBody ? { json: opts.body ?? {} } : {}) });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as ProblemBody).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}
