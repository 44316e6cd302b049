import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KIND_SLUG, KINDS, SESSION, translate, type ProblemBody, type StaffRole } from '@portal/shared';
import { createTestContext, type TestContext } from './test/harness.js';
import { signInAs, signInAsArea, TEST_PASSWORD, type StaffAgent } from './test/roles.js';
import { kindBody } from './modules/intake/kind-fixtures.js';

/**
 * Bad-input walk (docs/decisions/013-request-hardening.md): every operation in /api/openapi.json is
 * called with malformed JSON, a wrong content type, a NUL character in each string it takes (path,
 * query, JSON body) and numbers beyond PostgreSQL's integer ranges, anonymously and as staff.
 * Nothing may answer 500, and every refusal carries a Bangla message from the problem catalogue.
 * A route added later is walked without an entry here: its parameters come from openapi.json.
 */
interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  minimum?: number;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema: JsonSchema;
}
interface Operation {
  key: string;
  method: string;
  path: string;
  parameters: Parameter[];
  jsonBody: JsonSchema | null;
}
interface Outcome {
  status: number;
  code?: string;
  fields?: string[];
}

const UUID = '00000000-0000-4000-8000-000000000000';
const NUL_TEXT = 'a\u0000b';
/** Valid JSON text ("\ud800"), not Unicode: half of a surrogate pair. */
const LONE_SURROGATE = '\ud800';
const BANGLA = /[\u0980-\u09ff]/;
/** Past int4 (serial ids, page numbers), past int8, past a double, negative, not whole. */
const BAD_INTEGERS = ['2147483648', '9223372036854775808', '1e400', '-1', '1.5'];
const BAD_BODY_NUMBERS = [2147483648, 9223372036854775808, 1e300, -1, 1.5];
/** A walk sends thousands of requests; on a busy shared machine that takes minutes, not seconds. */
const WALK_TIMEOUT = 600_000;

/**
 * Bodies the schemas accept, so that a NUL put into one of their strings is the only thing wrong
 * with them (a route without an entry gets a body generated from its schema, which may be refused
 * for other reasons first). No row needs to exist: input is checked before any handler runs.
 */
const EXAMPLES: Record<string, unknown> = {
  'POST /api/auth/login': { email: 'walk@example.org', password: TEST_PASSWORD },
  'POST /api/auth/register': { name: 'Walk', email: 'walk@example.org', password: TEST_PASSWORD },
  'POST /api/auth/forgot': { email: 'walk@example.org' },
  'POST /api/auth/reset': { token: 'x'.repeat(43), password: TEST_PASSWORD },
  'POST /api/auth/change-password': { currentPassword: TEST_PASSWORD, newPassword: `${TEST_PASSWORD} again` },
  'PUT /api/admin/accounts/{id}/role': { role: 'UNO' },
  'PUT /api/admin/settings': { websiteName: 'সেচ পোর্টাল', address: 'শিবগঞ্জ', staffMobile: '01711000001' },
  'POST /api/admin/localities': { kind: 'union', name: 'কানসাট' },
  'PUT /api/admin/localities/{id}': { kind: 'union', name: 'কানসাট' },
  ...Object.fromEntries(KINDS.map((k) => [`POST /api/intake/${KIND_SLUG[k]}`, kindBody(k, UUID)])),
  'POST /api/verification/send': { applicationNumber: '1', mobile: '01712345678', purpose: 1 },
  'POST /api/verification/confirm': { challengeId: UUID, code: '123456' },
  'POST /api/staff/queues/{queue}/forward-all': { clientActionId: UUID },
  'POST /api/staff/applications/{id}/actions': {
    action: 'decline',
    version: 1,
    clientActionId: UUID,
    payload: { reason: 'কাগজ অসম্পূর্ণ' },
  },
  'POST /api/staff/applications/{id}/visits': {
    clientVisitId: UUID,
    officerId: 1,
    visitedAt: '2026-11-24T10:30:00+06:00',
    position: { latitude: 24.7, longitude: 88.2, accuracyM: 8 },
    checklist: [{ ok: false, reason: 'দাগ মেলেনি' }, ...Array.from({ length: 5 }, () => ({ ok: true }))],
    notes: 'পাম্প ঘর দেখা হয়েছে',
    decision: 'inspect',
    photos: [
      { index: 0, sha256: 'a'.repeat(64), size: 1000, mime: 'image/jpeg', takenAt: '2026-11-24T10:31:00+06:00' },
    ],
  },
  'PUT /api/staff/licences/{applicationId}/approver': { custom: true, lines: ['উপজেলা কৃষি অফিসার'] },
  'POST /api/staff/licences/{licenceId}/actions': {
    action: 'suspend',
    version: 1,
    clientActionId: UUID,
    payload: { note: 'অনুমতি ছাড়া স্থানান্তর' },
  },
  'POST /api/admin/notices': { title: 'নোটিশ', descriptionHtml: '<p>সভা</p>' },
  'POST /api/admin/notices/{id}/sms': { mobiles: '01711000001' },
  'PUT /api/admin/pages/{slug}': { title: 'নীতিমালা', html: '<p>লেখা</p>' },
  'PUT /api/admin/videos': { urls: ['https://youtu.be/dQw4w9WgXcQ'] },
  'PUT /api/services/complaints/{id}/status': { status: 'in_progress', note: 'দেখা হচ্ছে' },
  'PUT /api/services/copies/{id}/status': { status: 'in_progress', note: 'দেখা হচ্ছে' },
  'POST /api/public/contact': { name: 'করিম', phone: '01711111111', message: 'লাইসেন্স কবে পাব?' },
  'POST /api/admin/messages': { batchId: UUID, numbers: '01711000001', message: 'সভা আগামীকাল' },
};

let ctx: TestContext;
let operations: Operation[];
const agents: [string, StaffAgent | undefined][] = [['anonymous', undefined]];

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await (await ctx.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
  // Admin and BADC pass the guards of every back-office route; Chairman those of its own queue.
  for (const role of ['Admin', 'BADC', 'Chairman'] satisfies StaffRole[])
    agents.push([role, await signInAs(ctx, role)]);
  // The national administrator passes the guards of the national routes (decision 057).
  agents.push(['NationalAdmin', await signInAsArea(ctx, 'NationalAdmin')]);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const typeOf = (s: JsonSchema): string | undefined => {
  const v = s.anyOf?.[0] ?? s.oneOf?.[0] ?? s;
  return Array.isArray(v.type) ? v.type[0] : v.type;
};

/** A value the schema's shape allows: the first enum value, a UUID for uuid strings, 1 for numbers, 'x' otherwise. */
function generated(schema: JsonSchema): unknown {
  const s = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema;
  if (s.enum) return s.enum[0];
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, generated(v)]));
    case 'array':
      return s.items ? [generated(s.items)] : [];
    case 'integer':
    case 'number':
      return s.minimum !== undefined && s.minimum > 1 ? s.minimum : 1;
    case 'boolean':
      return true;
    default:
      return s.format === 'uuid' ? UUID : 'x';
  }
}

const exampleOf = (op: Operation): unknown => (op.key in EXAMPLES ? EXAMPLES[op.key] : generated(op.jsonBody!));

/** Every leaf of a body value: [path, value]. */
function leaves(value: unknown, at: string[] = []): [string[], unknown][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, [...at, String(i)]));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...at, k]));
  return [[at, value]];
}

function withLeaf(body: unknown, path: string[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** The operation's URL with valid path values (integer ids: the largest int4, no such row) and the given overrides. */
function urlOf(op: Operation, overrides: { path?: Record<string, string>; query?: Record<string, string> } = {}) {
  let url = op.path;
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    const fallback = typeOf(p.schema) === 'integer' ? '2147483647' : String(generated(p.schema));
    url = url.replace(`{${p.name}}`, encodeURIComponent(overrides.path?.[p.name] ?? fallback));
  }
  const query = new URLSearchParams();
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const value = overrides.query?.[p.name] ?? (p.schema.enum ? String(p.schema.enum[0]) : undefined);
    if (value !== undefined) query.set(p.name, value);
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

const writes = (op: Operation) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(op.method);
const jsonInit = (op: Operation, body: unknown): RequestInit => ({
  method: op.method,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
/** The request an operation gets when only its URL is being tested. */
const plainInit = (op: Operation): RequestInit => (op.jsonBody ? jsonInit(op, exampleOf(op)) : { method: op.method });

/**
 * Every failure of a test is collected, so one run lists every route that misbehaves; afterEach
 * then fails the test with the whole list.
 */
let failures: string[] = [];
beforeEach(() => {
  failures = [];
});
afterEach(() => {
  expect(failures).toEqual([]);
});

/** Answers of a route's guard: the request never reached its input checks. */
const GUARD_CODES = ['UNAUTHENTICATED', 'ACCOUNT_NO_ROLE', 'FORBIDDEN', 'PASSWORD_CHANGE_REQUIRED'];

/**
 * Sends one request as anonymous and then as each staff agent; checks no 500 and a Bangla catalogue
 * message on each refusal. With `untilPastGuard` it stops at the first agent the route's guard lets
 * through (anonymous for public routes), which is who reaches the input checks.
 */
async function sendAsEveryone(
  label: string,
  url: string,
  init: RequestInit,
  opts: { untilPastGuard?: boolean } = {},
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const [who, agent] of agents) {
    if (opts.untilPastGuard && outcomes.some((o) => !GUARD_CODES.includes(o.code ?? ''))) break;
    const res = await ctx.request(url, { ...init, agent });
    const text = await res.text();
    if (agent && !agent.cookies.has(SESSION.cookieName)) {
      // The walk reached sign-out: sign this browser in again for the next call.
      agent.cookies = (agent.area ? await signInAsArea(ctx, agent.area) : await signInAs(ctx, agent.role)).cookies;
    }
    const where = `${label} as ${who}`;
    if (res.status >= 500) failures.push(`${where}: ${res.status} ${text.slice(0, 200)}`);
    if (res.status < 400) {
      outcomes.push({ status: res.status });
      continue;
    }
    let problem: ProblemBody['error'] | undefined;
    try {
      problem = (JSON.parse(text) as ProblemBody).error;
    } catch {
      problem = undefined;
    }
    if (!BANGLA.test(problem?.message ?? '')) failures.push(`${where}: no Bangla message in ${text.slice(0, 200)}`);
    outcomes.push({ status: res.status, code: problem?.code, fields: Object.keys(problem?.fields ?? {}) });
  }
  return outcomes;
}

const sendPastGuard = (label: string, url: string, init: RequestInit) =>
  sendAsEveryone(label, url, init, { untilPastGuard: true });

/**
 * Someone passed the route's guard and was refused with this problem and, if given, a message on
 * this field or on the list or object holding it (a schema may judge a list as a whole).
 */
function expectSomeone(label: string, outcomes: Outcome[], status: number, code: string, field?: string) {
  const found = outcomes.some(
    (o) =>
      o.status === status &&
      o.code === code &&
      (field === undefined || (o.fields ?? []).some((f) => field === f || field.startsWith(`${f}.`))),
  );
  if (!found)
    failures.push(`${label}: nobody got ${status} ${code}${field ? ` on ${field}` : ''} (${JSON.stringify(outcomes)})`);
}

describe('bad input on every route', { timeout: WALK_TIMEOUT }, () => {
  it('walks every route of openapi.json, with bodies the schemas accept for the JSON routes listed', () => {
    expect(operations.length).toBeGreaterThan(50);
    const keys = operations.map((op) => op.key);
    const gone = Object.keys(EXAMPLES).filter((k) => !keys.includes(k));
    expect(gone, 'examples of routes that are gone').toEqual([]);
  });

  it('answers malformed JSON with 400 BAD_JSON on every JSON route', async () => {
    for (const op of operations.filter((o) => o.jsonBody)) {
      const init = { method: op.method, headers: { 'content-type': 'application/json' }, body: '{"a": ' };
      expectSomeone(op.key, await sendAsEveryone(`${op.key} malformed JSON`, urlOf(op), init), 400, 'BAD_JSON');
    }
  });

  it('answers a JSON route sent as text or a form with 415 UNSUPPORTED_MEDIA_TYPE, and no write with 500', async () => {
    const simpleTypes = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'];
    for (const op of operations.filter(writes)) {
      for (const contentType of simpleTypes) {
        const label = `${op.key} as ${contentType}`;
        const body = op.jsonBody ? JSON.stringify(exampleOf(op)) : 'a=b';
        const outcomes = await sendAsEveryone(label, urlOf(op), {
          method: op.method,
          headers: { 'content-type': contentType },
          body,
        });
        if (op.jsonBody) expectSomeone(label, outcomes, 415, 'UNSUPPORTED_MEDIA_TYPE');
      }
    }
  });

  it('refuses a NUL character in any path, query or body string with 400 on that field', async () => {
    for (const op of operations) {
      for (const p of op.parameters.filter((x) => x.in !== 'header' && typeOf(x.schema) === 'string')) {
        const label = `${op.key} NUL in ${p.in} ${p.name}`;
        const url = urlOf(op, { [p.in]: { [p.name]: NUL_TEXT } });
        expectSomeone(label, await sendPastGuard(label, url, plainInit(op)), 400, 'VALIDATION', p.name);
      }
      if (!op.jsonBody) continue;
      const example = exampleOf(op);
      for (const [path, value] of leaves(example).filter(([, v]) => typeof v === 'string')) {
        const label = `${op.key} NUL in body ${path.join('.')}`;
        const init = jsonInit(op, withLeaf(example, path, `${String(value)}\u0000`));
        const outcomes = await sendPastGuard(label, urlOf(op), init);
        if (op.key in EXAMPLES) expectSomeone(label, outcomes, 400, 'VALIDATION', path.join('.'));
      }
      if (typeof example === 'object' && example !== null) {
        // A key the schema does not know is dropped by it; a NUL there must not reach anything either.
        const init = jsonInit(op, { ...example, ['k\u0000']: NUL_TEXT });
        await sendPastGuard(`${op.key} NUL in an unknown key`, urlOf(op), init);
      }
    }
  });

  it('refuses half a surrogate pair in any body string with 400 on that field, never 500', async () => {
    for (const op of operations) {
      if (!op.jsonBody) continue;
      const example = exampleOf(op);
      for (const [path, value] of leaves(example).filter(([, v]) => typeof v === 'string')) {
        const label = `${op.key} lone surrogate in body ${path.join('.')}`;
        const init = jsonInit(op, withLeaf(example, path, `${String(value)}${LONE_SURROGATE}`));
        const outcomes = await sendPastGuard(label, urlOf(op), init);
        if (op.key in EXAMPLES) expectSomeone(label, outcomes, 400, 'VALIDATION', path.join('.'));
      }
    }
  });

  it('names the broken character in Bangla, keeps whole emoji, and stores nothing broken', async () => {
    const before = await ctx.db.selectFrom('contact_messages').selectAll().execute();
    const send = (name: string) =>
      ctx.request('/api/public/contact', {
        method: 'POST',
        json: { name, phone: '01711111111', message: 'প্রশ্ন' },
      });
    const res = await send(`করিম${LONE_SURROGATE}`);
    expect(res.status).toBe(400);
    const problem = ((await res.json()) as ProblemBody).error;
    expect(problem.fields).toEqual({ name: translate('bn', 'v.loneSurrogate') });
    expect(await ctx.db.selectFrom('contact_messages').selectAll().execute()).toEqual(before);
    // A whole emoji is a surrogate pair, and welcome.
    expect((await send('করিম 🌾')).status).toBeLessThan(300);
  });

  it('refuses integers beyond the database ranges in paths and queries with 400, and anywhere without 500', async () => {
    const isNumber = (p: Parameter) => p.in !== 'header' && ['integer', 'number'].includes(typeOf(p.schema) ?? '');
    const isStringId = (p: Parameter) => p.in === 'path' && !p.schema.enum && typeOf(p.schema) === 'string';
    for (const op of operations) {
      for (const p of op.parameters.filter(isNumber)) {
        for (const bad of BAD_INTEGERS) {
          const label = `${op.key} ${p.name}=${bad}`;
          const url = urlOf(op, { [p.in]: { [p.name]: bad } });
          expectSomeone(label, await sendPastGuard(label, url, plainInit(op)), 400, 'VALIDATION', p.name);
        }
      }
      // Ids that are not ids at all, where a path takes a string.
      for (const p of op.parameters.filter(isStringId)) {
        for (const bad of ['2147483648', 'not-an-id', '..', '%']) {
          await sendPastGuard(`${op.key} ${p.name}=${bad}`, urlOf(op, { path: { [p.name]: bad } }), plainInit(op));
        }
      }
      if (!op.jsonBody) continue;
      const example = exampleOf(op);
      for (const [path] of leaves(example).filter(([, v]) => typeof v === 'number')) {
        for (const bad of BAD_BODY_NUMBERS) {
          const init = jsonInit(op, withLeaf(example, path, bad));
          await sendPastGuard(`${op.key} body ${path.join('.')}=${bad}`, urlOf(op), init);
        }
      }
    }
  });

  it('names the NUL in Bangla and stores nothing', async () => {
    const before = await ctx.db.selectFrom('contact_messages').selectAll().execute();
    const res = await ctx.request('/api/public/contact', {
      method: 'POST',
      json: { name: 'করিম\u0000', phone: '01711111111', message: 'প্রশ্ন' },
    });
    expect(res.status).toBe(400);
    const problem = ((await res.json()) as ProblemBody).error;
    expect(problem.code).toBe('VALIDATION');
    expect(problem.fields).toEqual({ name: translate('bn', 'v.noNul') });
    expect(await ctx.db.selectFrom('contact_messages').selectAll().execute()).toEqual(before);
  });
});
