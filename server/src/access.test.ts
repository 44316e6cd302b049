import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type ProblemBody, type StaffRole } from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from './test/harness.js';
import { signInAs } from './test/roles.js';

/**
 * Access control walk (guide/QUALITY.md: "a test walks every staff route as anonymous and as each of
 * the five roles"). Every operation in /api/openapi.json must be classified here: staff-only ones in
 * ACCESS with the roles allowed to call them, the rest in NOT_STAFF_ONLY with who may call them. A
 * route added later without an entry fails this test, so it cannot be forgotten.
 *
 * To extend: add `'METHOD /api/path/{param}': anyOf(...roles)` or, when the answer depends on a
 * path value (queues), `[at(url, ...roles), ...]` with concrete URLs.
 */
interface Case {
  /** Concrete URL; when absent, the route's template with every {param} filled by PLACEHOLDER. */
  url?: string;
  allowed: readonly StaffRole[];
  /** A valid body, for routes that check the role against the input (default `{}`). */
  body?: unknown;
}
const PLACEHOLDER = '00000000-0000-4000-8000-000000000000';
const ANY: readonly StaffRole[] = STAFF_ROLES;
const anyOf = (...allowed: StaffRole[]): Case[] => [{ allowed }];
const at = (url: string, ...allowed: StaffRole[]): Case => ({ url, allowed });

/** Route → who may call it (spec 2 §6, spec 3 §2, docs/API.md). */
const ACCESS: Record<string, Case[]> = {
  // features/accounts
  'GET /api/admin/accounts': anyOf('Admin'),
  'PUT /api/admin/accounts/{id}/role': anyOf('Admin'),
  'DELETE /api/admin/accounts/{id}': anyOf('Admin'),
  // features/settings
  'GET /api/admin/settings': anyOf('Admin'),
  'PUT /api/admin/settings': anyOf('Admin'),
  'POST /api/admin/localities': anyOf('Admin'),
  'PUT /api/admin/localities/{id}': anyOf('Admin'),
  'DELETE /api/admin/localities/{id}': anyOf('Admin'),
  // features/review (queues by spec 3 §2)
  'GET /api/staff/queues/{queue}': [
    at('/api/staff/queues/chairman-unseen', 'Chairman'),
    at('/api/staff/queues/chairman-seen', 'Chairman'),
    at('/api/staff/queues/uno-unseen', 'UNO'),
    at('/api/staff/queues/uno-seen', 'UNO'),
    at('/api/staff/queues/badc-unseen', 'BADC'),
    at('/api/staff/queues/badc-seen', 'BADC'),
    at('/api/staff/queues/pending', 'BADC'),
    at('/api/staff/queues/approvable', 'BADC'),
    at('/api/staff/queues/notapprovable', 'BADC'),
    at('/api/staff/queues/active', 'Chairman', 'UNO', 'BADC', 'Pollibidut'),
    at('/api/staff/queues/decline', 'Chairman', 'UNO', 'BADC', 'Pollibidut'),
    at('/api/staff/queues/licence-testing', 'BADC'),
    at('/api/staff/queues/licence-active', 'UNO', 'BADC', 'Pollibidut'),
    at('/api/staff/queues/licence-expired', 'UNO', 'BADC', 'Pollibidut'),
    at('/api/staff/queues/licence-suspended', 'BADC'),
  ],
  'POST /api/staff/queues/{queue}/forward-all': [
    {
      ...at('/api/staff/queues/chairman-unseen/forward-all', 'Chairman'),
      body: { clientActionId: crypto.randomUUID() },
    },
    { ...at('/api/staff/queues/uno-unseen/forward-all', 'UNO'), body: { clientActionId: crypto.randomUUID() } },
  ],
  'GET /api/staff/applications/{id}': [{ allowed: ANY }],
  // Which action a role may take at which stage is the pipeline's answer (409); any role reaches it.
  'POST /api/staff/applications/{id}/actions': [{ allowed: ANY }],
  'PUT /api/staff/applications/{id}/files/{slot}': [
    at(`/api/staff/applications/${PLACEHOLDER}/files/inspectionReport`, 'BADC'),
  ],
  // features/licences
  'GET /api/staff/licences/{applicationId}': [{ allowed: ANY }],
  'PUT /api/staff/licences/{applicationId}/approver': anyOf('BADC'),
  // features/content (spec 2 §6: file archive is Admin and BADC)
  'POST /api/admin/galleries/{gallery}': anyOf('Admin'),
  'DELETE /api/admin/images/{id}': anyOf('Admin'),
  'GET /api/admin/archive': anyOf('Admin', 'BADC'),
  'POST /api/admin/archive': anyOf('Admin', 'BADC'),
  'GET /api/admin/archive/{id}/file': anyOf('Admin', 'BADC'),
  'DELETE /api/admin/archive/{id}': anyOf('Admin', 'BADC'),
  'POST /api/admin/notices': anyOf('Admin'),
  'PUT /api/admin/notices/{id}/file': anyOf('Admin'),
  'DELETE /api/admin/notices/{id}': anyOf('Admin'),
  'POST /api/admin/notices/{id}/sms': anyOf('Admin'),
  'PUT /api/admin/pages/{slug}': anyOf('Admin'),
  'PUT /api/admin/videos': anyOf('Admin'),
  // features/services (spec 2 §6: complaints and copy requests are BADC's; Admin too)
  'GET /api/admin/contacts': anyOf('Admin'),
  'GET /api/admin/contacts/export.csv': anyOf('Admin'),
  'DELETE /api/admin/contacts/{id}': anyOf('Admin'),
  'GET /api/services/complaints': anyOf('BADC', 'Admin'),
  'PUT /api/services/complaints/{id}/status': anyOf('BADC', 'Admin'),
  'DELETE /api/services/complaints/{id}': anyOf('BADC', 'Admin'),
  'GET /api/services/copies': anyOf('BADC', 'Admin'),
  'PUT /api/services/copies/{id}/status': anyOf('BADC', 'Admin'),
  'DELETE /api/services/copies/{id}': anyOf('BADC', 'Admin'),
  'GET /api/services/files/{fileId}': anyOf('BADC', 'Admin'),
  // features/messages, features/dashboard
  'POST /api/admin/messages': anyOf('Admin'),
  'GET /api/admin/messages': anyOf('Admin'),
  'GET /api/admin/dashboard': anyOf('Admin'),
};

/** Every other operation, with who may call it (these are not walked here; their own tests cover them). */
const NOT_STAFF_ONLY: Record<string, string> = {
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/logout': 'anyone',
  'GET /api/auth/me': 'any signed-in account, also one without a role',
  'POST /api/auth/register': 'anyone (the account gets no role)',
  'POST /api/auth/forgot': 'anyone',
  'POST /api/auth/reset': 'holder of a reset link',
  'POST /api/auth/change-password': 'any signed-in account, also one without a role',
  'GET /api/public/settings': 'anyone',
  'GET /api/public/localities': 'anyone',
  'POST /api/applications': 'anyone (outbox item)',
  'PUT /api/applications/{id}/files/{slot}': 'holder of the id while receiving',
  'GET /api/applications/{id}/print': 'id holder, verified citizen, staff',
  'GET /api/applications/{id}/photo': 'id holder, verified citizen, staff',
  'POST /api/verification/send': 'anyone',
  'POST /api/verification/confirm': 'anyone',
  'DELETE /api/verification/grant': 'anyone',
  'GET /api/citizen/application': 'verified citizen',
  'GET /api/citizen/licence': 'verified citizen',
  'GET /api/licences/{applicationId}/pdf/front': 'staff, or verified citizen when online licences are ON',
  'GET /api/licences/{applicationId}/pdf/back': 'staff, or verified citizen when online licences are ON',
  'GET /api/files/{fileId}': 'staff; verified citizen of that application',
  'GET /api/public/galleries/{gallery}': 'anyone',
  'GET /api/public/images/{id}': 'anyone',
  'GET /api/public/notices': 'anyone',
  'GET /api/public/notices/{id}/file': 'anyone',
  'GET /api/public/pages/{slug}': 'anyone',
  'GET /api/public/videos': 'anyone',
  'GET /api/public/downloads': 'anyone',
  'GET /api/public/downloads/{id}': 'anyone',
  'POST /api/services/complaints': 'anyone',
  'PUT /api/services/complaints/{id}/files/{slot}': 'holder of the id while receiving',
  'POST /api/services/copies': 'anyone',
  'PUT /api/services/copies/{id}/files/{slot}': 'holder of the id while receiving',
  'POST /api/public/contact': 'anyone',
  'GET /api/public/licences': 'anyone',
};

let ctx: TestContext;
let operations: string[];
const agents = new Map<StaffRole | null, Agent>();

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
  for (const role of [...STAFF_ROLES, null]) agents.set(role, await signInAs(ctx, role));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

async function call(operation: string, c: Case, agent?: Agent): Promise<{ status: number; code?: string }> {
  const [method, template] = operation.split(' ') as [string, string];
  const url = c.url ?? template.replace(/\{[^}]+\}/g, PLACEHOLDER);
  const withBody = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const res = await ctx.request(url, { method, agent, ...(withBody ? { json: c.body ?? {} } : {}) });
  const text = await res.text();
  let code: string | undefined;
  try {
    code = (JSON.parse(text) as ProblemBody).error?.code;
  } catch {
    code = undefined;
  }
  return { status: res.status, code };
}

describe('access control on every staff route', () => {
  it('classifies every route the API lists; everything under /api/staff and /api/admin is staff-only', () => {
    expect(
      operations.filter((op) => !(op in ACCESS) && !(op in NOT_STAFF_ONLY)),
      'routes in openapi.json missing from ACCESS (staff-only) or NOT_STAFF_ONLY',
    ).toEqual([]);
    expect(
      [...Object.keys(ACCESS), ...Object.keys(NOT_STAFF_ONLY)].filter((op) => !operations.includes(op)),
      'entries for routes no longer in openapi.json',
    ).toEqual([]);
    expect(
      Object.keys(NOT_STAFF_ONLY).filter((op) => /^\w+ \/api\/(staff|admin)\//.test(op)),
      'staff and admin paths must be walked as staff-only',
    ).toEqual([]);
  });

  for (const [operation, cases] of Object.entries(ACCESS)) {
    it(`${operation}: anonymous 401, no role 403, other roles 403, allowed roles get through`, async () => {
      for (const c of cases) {
        const label = `${operation} ${c.url ?? ''}`;
        expect(await call(operation, c), `${label} as anonymous`).toMatchObject({
          status: 401,
          code: 'UNAUTHENTICATED',
        });
        expect(await call(operation, c, agents.get(null)), `${label} without a role`).toMatchObject({
          status: 403,
          code: 'ACCOUNT_NO_ROLE',
        });
        for (const role of STAFF_ROLES) {
          const result = await call(operation, c, agents.get(role));
          if (c.allowed.includes(role)) {
            expect(result.status, `${label} as ${role} (allowed)`).not.toBe(401);
            expect(result.code, `${label} as ${role} (allowed)`).not.toBe('FORBIDDEN');
          } else {
            expect(result, `${label} as ${role} (not allowed)`).toMatchObject({ status: 403, code: 'FORBIDDEN' });
          }
        }
      }
    });
  }
});
