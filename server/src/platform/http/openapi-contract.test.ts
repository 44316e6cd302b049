import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRoute, z } from '@hono/zod-openapi';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { PROBLEMS, rolesWith, type ProblemCode } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { contractDocument, problems } from './openapi-contract.js';
import { createRouter } from './router.js';
import { requirePermission } from './guards.js';
import { problemBody } from './problem.js';

/**
 * /api/openapi.json is the contract for integrators (docs/decisions/052-openapi-contract.md): lint-clean
 * under Redocly's recommended rules, every operation with a summary and a security requirement, and
 * each problem it can answer listed from the one catalogue. That the answers the server tests receive
 * are all in it, test/answers.ts checks after every server test file.
 */
interface Operation {
  summary?: string;
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<
    string,
    { content?: Record<string, { schema?: ProblemSchema; examples?: Record<string, { $ref: string }> }> }
  >;
}
interface ProblemSchema {
  properties?: { error?: { properties?: { code?: { enum?: ProblemCode[] } } } };
}
interface Doc {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes: Record<string, unknown>;
    schemas: Record<string, unknown>;
    examples: Record<string, { value: unknown }>;
  };
}

/**
 * The rules left out, each for a reason:
 * - info-license: the portal's licence is the office's to state, not the API document's to invent.
 * - operation-4xx-response: a public read without input (the site settings, the notices) has no client
 *   error to answer; the problems are derived from what can happen, and inventing one would make the
 *   contract lie.
 * Everything else counts, warnings too: the test fails on any finding.
 */
const RULES_OFF = { 'info-license': 'off', 'operation-4xx-response': 'off' } as const;

let ctx: TestContext;
let text: string;
let doc: Doc;
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );
const codesAt = (op: Operation, status: number) =>
  op.responses[String(status)]?.content?.['application/json']?.schema?.properties?.error?.properties?.code?.enum ?? [];

beforeAll(async () => {
  // As deployed: PUBLIC_URL is the portal's real address (the default, localhost, is for development).
  ctx = await createTestContext({ publicUrl: 'https://tubewell.upazila.gov.bd/' });
  text = await (await ctx.request('/api/openapi.json')).text();
  doc = JSON.parse(text) as Doc;
});
afterAll(async () => {
  await ctx?.close();
});

describe('/api/openapi.json', () => {
  it("is clean under Redocly's recommended rules, warnings included", async () => {
    const config = await createConfig({ extends: ['recommended'], rules: RULES_OFF });
    const found = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(found.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names the portal at PUBLIC_URL, and describes both cookies that say who calls', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'https://tubewell.upazila.gov.bd' })]);
    expect(doc.components.securitySchemes).toEqual({
      staffSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'portal_session' }),
      citizenGrant: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'portal_grant' }),
    });
  });

  it('gives every operation a summary, an operationId and a security requirement', () => {
    for (const { name, op } of operations()) {
      expect(op.summary, name).toMatch(/\S/);
      expect(op.operationId, name).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(op.security, name).toBeInstanceOf(Array);
    }
  });

  it('states a staff session with the admitted roles for everything under /api/staff and /api/admin', () => {
    for (const { name, op } of operations().filter(({ name }) => / \/api\/(staff|admin)\//.test(name))) {
      expect(op.security, name).toEqual([{ staffSession: expect.arrayContaining([expect.any(String)]) }]);
    }
    // From the guard the route runs, over the one permission table.
    expect(doc.paths['/api/admin/accounts']!.get!.security).toEqual([{ staffSession: rolesWith('accounts.manage') }]);
    expect(doc.paths['/api/staff/map/extent']!.get!.security).toEqual([{ staffSession: rolesWith('map.view') }]);
  });

  it('lists every /api route the app serves', () => {
    const listed = new Set(operations().map(({ name }) => name));
    const served = ctx.app.routes
      .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && !r.path.endsWith('*'))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`)
      .filter((name) => name !== 'GET /api/openapi.json');
    expect([...new Set(served)].filter((name) => !listed.has(name))).toEqual([]);
  });

  it("lists each problem under its catalogue status, with the catalogue's body as its example", () => {
    for (const { name, op } of operations()) {
      for (const [status, response] of Object.entries(op.responses).filter(([s]) => Number(s) >= 400)) {
        const codes = codesAt(op, Number(status));
        expect(codes.length, `${name} ${status}`).toBeGreaterThan(0);
        for (const code of codes) {
          expect(PROBLEMS[code], `${name} ${code}`).toBe(Number(status));
          expect(response.content!['application/json']!.examples![code]).toEqual({
            $ref: `#/components/examples/${code}`,
          });
          expect(doc.components.examples[code]!.value).toEqual(problemBody(code));
        }
      }
      // app.onError: anything unexpected.
      expect(codesAt(op, 500), name).toEqual(['INTERNAL']);
    }
  });

  it('derives what the shared machinery answers: input, writes, sign-in, roles, the password gate', () => {
    const login = doc.paths['/api/auth/login']!.post!;
    expect(codesAt(login, 400)).toEqual(['VALIDATION', 'BAD_JSON']);
    expect(codesAt(login, 403)).toEqual(['CROSS_SITE_REQUEST']);
    expect(codesAt(login, 413)).toEqual(['BODY_TOO_LARGE']);
    expect(codesAt(login, 415)).toEqual(['UNSUPPORTED_MEDIA_TYPE']);
    // A guarded read: no input, no write; its guard's refusals, and the password gate before it.
    const accounts = doc.paths['/api/admin/accounts']!.get!;
    expect(codesAt(accounts, 400)).toEqual([]);
    expect(codesAt(accounts, 401)).toEqual(['UNAUTHENTICATED']);
    expect(codesAt(accounts, 403)).toEqual(['FORBIDDEN', 'ACCOUNT_NO_ROLE', 'PASSWORD_CHANGE_REQUIRED']);
    // Any signed-in account, under /api/auth/ where the password gate does not stand.
    expect(codesAt(doc.paths['/api/auth/me']!.get!, 401)).toEqual(['UNAUTHENTICATED']);
    expect(codesAt(doc.paths['/api/auth/me']!.get!, 403)).toEqual([]);
    // A verified citizen; a raw upload.
    const consent = doc.paths['/api/citizen/application/consent']!.put!;
    expect(codesAt(consent, 401)).toEqual(['VERIFICATION_REQUIRED']);
    expect(codesAt(consent, 413)).toEqual(expect.arrayContaining(['FILE_TOO_LARGE']));
    expect(codesAt(consent, 415)).toEqual(expect.arrayContaining(['FILE_TYPE']));
    // A rate limit says when to come back.
    expect(login.responses['429']).toMatchObject({ headers: { 'Retry-After': expect.anything() } });
  });
});

describe('the contract is kept in one place', () => {
  const finish = (register: (app: ReturnType<typeof createRouter>) => void) => {
    const app = createRouter();
    register(app);
    return contractDocument(app, 'https://tubewell.upazila.gov.bd') as unknown as Doc;
  };
  const ok = { 200: { description: 'OK' } };

  it('refuses a problem response written by hand in a route', () => {
    expect(() =>
      finish((app) =>
        app.openapi(
          createRoute({ method: 'get', path: '/x', summary: 'x', responses: { ...ok, 404: { description: 'gone' } } }),
          (c) => c.json({}, 200),
        ),
      ),
    ).toThrow(/GET \/x: its 404 comes from problems\(\)/);
  });

  it("refuses a guarded route that states its own security: the guard's is the one", () => {
    expect(() =>
      finish((app) =>
        app.openapi(
          createRoute({
            method: 'get',
            path: '/x',
            summary: 'x',
            middleware: [requirePermission('audit.read')] as const,
            security: [],
            responses: ok,
          }),
          (c) => c.json({}, 200),
        ),
      ),
    ).toThrow(/security comes from its guard/);
  });

  it("adds a route's own problems to what is derived, under their catalogue status", () => {
    const built = finish((app) =>
      app.openapi(
        createRoute({
          method: 'put',
          path: '/x/{id}',
          summary: 'x',
          middleware: [requirePermission('audit.read')] as const,
          request: { params: z.object({ id: z.string() }) },
          responses: ok,
          ...problems('NOT_FOUND', 'STALE_STATE', 'ACTION_NOT_ALLOWED'),
        }),
        (c) => c.json({}, 200),
      ),
    );
    const op = built.paths['/x/{id}']!.put!;
    expect(op).not.toHaveProperty('x-problems');
    expect(Object.keys(op.responses).sort()).toEqual(['200', '400', '401', '403', '404', '409', '500']);
    expect(codesAt(op, 409)).toEqual(['STALE_STATE', 'ACTION_NOT_ALLOWED']);
    expect(codesAt(op, 403)).toEqual([
      'CROSS_SITE_REQUEST',
      'FORBIDDEN',
      'ACCOUNT_NO_ROLE',
      'PASSWORD_CHANGE_REQUIRED',
    ]);
    expect(op.security).toEqual([{ staffSession: rolesWith('audit.read') }]);
  });
});
