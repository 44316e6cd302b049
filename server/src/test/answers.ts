import type { createApp } from '../app.js';

/**
 * Every answer the server tests receive must be in /api/openapi.json (docs/decisions/052-openapi-contract.md):
 * its status under the operation that answered, and for a problem, its code under that status. A
 * status or code the document does not list is a contract an integrator (or Prism's validating
 * proxy) would see broken.
 *
 * The harness wraps each test app's fetch (recordAnswers); answers-setup.ts checks what one test
 * file received when that file ends, in the worker that ran it. So the check needs no file, no
 * state shared between workers, and holds with `isolate: false` and any number of workers; a
 * failure names the test file that received the undocumented answer.
 *
 * Cost: a router match per request, and the JSON of an error answer read from a clone.
 */
type App = ReturnType<typeof createApp>;

/** `GET /api/staff/queues/{queue} 403 FORBIDDEN`; the code only for problems. */
type Answer = string;

let enabled = false;
const received = new Set<Answer>();
/** (method path) → status → the problem codes listed under it (null: not a problem response). */
let documented: Map<string, Map<string, Set<string> | null>> | undefined;
/**
 * An app to read the document from until it is read: every app serves the same operations (they do
 * not depend on config). Let go of then, so no test's database is held for the worker's lifetime.
 */
let anApp: App | undefined;

/** Called by answers-setup.ts in the server project only: the client tests use the harness too. */
export function enableAnswerCheck(): void {
  enabled = true;
}

/** Hono's `/x/:id` (and `:id{regex}`) as the document's `/x/{id}`. */
const template = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');

export function recordAnswers(app: App): void {
  if (!enabled) return;
  if (!documented) anApp ??= app;
  const fetch = app.fetch;
  app.fetch = async (request: Request, ...rest: unknown[]) => {
    const res = await (fetch as (r: Request, ...rest: unknown[]) => Promise<Response>)(request, ...rest);
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/')) return res;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    // The operation is the first route of this method that is not a middleware ('ALL' or a '*' path);
    // one that is not in the document (the document itself, the /api/* fallback) is no operation.
    const route = app.router
      .match(method, path)[0]
      .map(([[, r]]) => r)
      .find((r) => r.method === method && !r.path.endsWith('*'));
    if (!route) return res;
    let code = '';
    if (res.status >= 400 && res.headers.get('content-type')?.startsWith('application/json')) {
      const body = (await res
        .clone()
        .json()
        .catch(() => undefined)) as { error?: { code?: string } } | undefined;
      code = body?.error?.code ?? '';
    }
    received.add(`${method} ${template(route.path)} ${res.status} ${code}`.trim());
    return res;
  };
}

async function documentedAnswers(): Promise<NonNullable<typeof documented>> {
  if (documented) return documented;
  // The document as served; its own request is no operation, so recording it changes nothing.
  const doc = (await (await anApp!.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { responses: Record<string, ProblemResponse> }>>;
  };
  anApp = undefined;
  documented = new Map();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const statuses = new Map<string, Set<string> | null>();
      for (const [status, response] of Object.entries(op.responses)) {
        const codes = response.content?.['application/json']?.schema?.properties?.error?.properties?.code?.enum;
        statuses.set(status, codes ? new Set(codes) : null);
      }
      documented.set(`${method.toUpperCase()} ${path}`, statuses);
    }
  }
  return documented;
}

interface ProblemResponse {
  content?: Record<string, { schema?: { properties?: { error?: { properties?: { code?: { enum?: string[] } } } } } }>;
}

/** The answers received since the last check that the document does not list; forgets them. */
export async function undocumentedAnswers(): Promise<string[]> {
  if (!received.size) return [];
  const answers = [...received].sort();
  received.clear();
  const doc = await documentedAnswers();
  return answers.filter((answer) => {
    const [method, path, status, code] = answer.split(' ') as [string, string, string, string | undefined];
    const statuses = doc.get(`${method} ${path}`);
    // Not an operation: the document itself (that every other /api route is one,
    // http/openapi-contract.test.ts checks).
    if (!statuses) return false;
    if (!statuses.has(status)) return true;
    const codes = statuses.get(status);
    return Boolean(code && codes && !codes.has(code));
  });
}
