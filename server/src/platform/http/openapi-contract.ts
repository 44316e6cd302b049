import { z, type OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import {
  CITIZEN_GRANT_COOKIE,
  PROBLEMS,
  problemBodySchema,
  problemMessageKey,
  SESSION,
  STAFF_ROLES,
  translate,
  type Permission,
  type ProblemCode,
  type StaffRole,
  rolesWith,
} from '@portal/shared';
import type { AppEnv } from './env.js';
import { guardedRoles } from './guards.js';
import { NEEDS_STAFF, passwordChangeGates } from './must-change-password.js';
import { problemBody } from './problem.js';
import { UPLOAD_BODY, UPLOAD_PROBLEMS } from './upload.js';
import { servedOnNationalAddress } from '../../modules/offices/national-address.js';

/**
 * /api/openapi.json, the contract an integrator builds on (a district dashboard, an SMS gateway, a
 * national registry), is finished here and only here (docs/decisions/052-openapi-contract.md):
 *
 * - who may call an operation (`security`): from the guard middleware the route runs
 *   (http/guards.ts), or, where the handler checks the caller itself, from the route's own
 *   `security` written with the requirements below;
 * - every problem it can answer, as responses built from the one catalogue (shared/src/problems.ts):
 *   what the shared machinery answers is derived from the operation itself (RULES below), and what
 *   a handler throws on its own the route names with `...problems('NOT_FOUND')`. No route writes a
 *   4xx or 5xx response by hand: the document refuses to build if one does;
 * - the security schemes, the Problem schema, an operationId per operation and the servers.
 *
 * The server tests check the result against every answer they receive (test/answers.ts), and
 * http/openapi-contract.test.ts lints it with Redocly.
 */

/** The two cookies that say who is calling (http/cookies.ts, http/citizen-grant.ts). */
export const SECURITY_SCHEMES = {
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION.cookieName,
    description:
      'A staff session, set by POST /api/auth/login (HttpOnly, SameSite=Lax). The roles named in a requirement are the staff roles the route admits (shared/src/access.ts).',
  },
  citizenGrant: {
    type: 'apiKey',
    in: 'cookie',
    name: CITIZEN_GRANT_COOKIE,
    description:
      "A citizen's proof of owning the mobile number of one application, set by POST /api/verification/confirm; bound to that application and one service, short-lived.",
  },
} as const;

type SchemeName = keyof typeof SECURITY_SCHEMES;
type Requirement = Partial<Record<SchemeName, string[]>>;

/** A security alternative that needs nothing: with it, the others only widen what the caller sees. */
export const ANYONE: Requirement = {};
/** A verified citizen (the grant cookie); the handler reads it (http/citizen-grant.ts requireGrant). */
export const CITIZEN: Requirement = { citizenGrant: [] };
/** A staff session: any account, also one without a role, or the roles holding a permission. */
export function staffWith(permission?: Permission): Requirement {
  return { staffSession: permission ? rolesWith(permission) : [] };
}

/**
 * What a handler throws by itself, beyond what RULES derive: spread into createRoute. Codes, not
 * statuses: the catalogue gives the status, and the document lists each code under it.
 */
export function problems(...codes: ProblemCode[]): { 'x-problems': ProblemCode[] } {
  return { 'x-problems': codes };
}

/**
 * At registration (http/router.ts): a route behind a guard gets its security from that guard;
 * any other route declares its own, or is public. A route may not do both: the guard is the
 * one source for the routes it guards.
 */
export function withSecurity<R extends RouteConfig & { middleware?: unknown }>(route: R): R {
  const roles = [route.middleware ?? []]
    .flat()
    .map(guardedRoles)
    .filter((r): r is readonly StaffRole[] => r !== undefined);
  if (roles.length && route.security) {
    throw new Error(`${route.method} ${route.path}: a guarded route's security comes from its guard`);
  }
  if (route.security) return route;
  if (!roles.length) return { ...route, security: [] };
  // Several guards: the roles that pass them all.
  const admitted = roles.reduce((all, r) => all.filter((role) => r.includes(role)));
  return { ...route, security: [{ staffSession: [...admitted] }] };
}

type Document = ReturnType<OpenAPIHono['getOpenAPI31Document']>;
type PathItem = NonNullable<Document['paths']>[string];
type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
type Operation = NonNullable<PathItem[Method]>;
const METHODS: readonly Method[] = ['get', 'put', 'post', 'delete', 'patch'];

const bodyTypes = (op: Operation) =>
  op.requestBody && 'content' in op.requestBody ? Object.keys(op.requestBody.content).sort().join() : '';
const jsonBody = (op: Operation) => bodyTypes(op).split(',').includes('application/json');
/** A body documented with UPLOAD_BODY, which only a route reading it with readUpload uses. */
const uploadBody = (op: Operation) => bodyTypes(op) === Object.keys(UPLOAD_BODY.content).sort().join();
/**
 * The one way in an operation needs, whose refusal is then known. With none, nobody is turned
 * away for who they are; with several (staff or a verified citizen), the handler decides which
 * refusal an anonymous caller gets, and the route names it with problems().
 */
const needed = (op: Operation): Requirement[] => {
  const alternatives = (op.security ?? []) as Requirement[];
  return alternatives.length === 1 && Object.keys(alternatives[0]!).length ? alternatives : [];
};

/**
 * What the shared machinery answers, for every operation it applies to. Each rule names where the
 * answer comes from: change that place, change the rule.
 */
const RULES: { codes: readonly ProblemCode[]; when: (op: Operation, method: Method) => boolean }[] = [
  // http/on-error.ts: anything unexpected leaves as INTERNAL.
  { codes: ['INTERNAL'], when: () => true },
  // http/router.ts defaultHook: what a request schema refuses, and text PostgreSQL cannot store.
  { codes: ['VALIDATION'], when: (op) => Boolean(op.parameters?.length) || jsonBody(op) },
  // @hono/zod-openapi's media-type gate and JSON parser (http/on-error.ts), http/json-body-limit.ts.
  { codes: ['BAD_JSON', 'UNSUPPORTED_MEDIA_TYPE', 'BODY_TOO_LARGE'], when: jsonBody },
  // http/upload.ts readUpload, then files/check-upload.ts, which every upload passes: an image may
  // not decode. A PDF that is cut off, or a slot for images only, is the route's to name.
  { codes: [...UPLOAD_PROBLEMS, 'IMAGE_UNREADABLE'], when: uploadBody },
  // http/same-origin.ts: every write.
  { codes: ['CROSS_SITE_REQUEST'], when: (_op, method) => method !== 'get' },
  // http/guards.ts (or the handler's staffOf): no session.
  { codes: ['UNAUTHENTICATED'], when: (op) => needed(op).some((a) => a.staffSession) },
  // http/guards.ts roleOf: an account still waiting for a role.
  { codes: ['ACCOUNT_NO_ROLE'], when: (op) => needed(op).some((a) => a.staffSession?.length) },
  // http/guards.ts allow: a role the route does not admit.
  {
    codes: ['FORBIDDEN'],
    when: (op) => needed(op).some((a) => a.staffSession?.length && a.staffSession.length < STAFF_ROLES.length),
  },
  // http/citizen-grant.ts requireGrant.
  { codes: ['VERIFICATION_REQUIRED'], when: (op) => needed(op).some((a) => a.citizenGrant) },
];

const CODE_ORDER = Object.keys(PROBLEMS) as ProblemCode[];

/** Every problem an operation at `path` can answer, in catalogue order. */
export function problemCodes(op: Operation, method: Method, path: string, declared: readonly ProblemCode[] = []) {
  const codes = new Set<ProblemCode>(declared);
  for (const rule of RULES) if (rule.when(op, method)) rule.codes.forEach((code) => codes.add(code));
  // http/must-change-password.ts: a refusal a staff session would have avoided, for an account
  // that must change its password first.
  // offices/national-address.ts: the national address serves only the routes that need no office.
  if (!servedOnNationalAddress(path)) codes.add('OFFICE_NOT_CHOSEN');
  if (passwordChangeGates(path) && [...codes].some((code) => NEEDS_STAFF.has(code))) {
    codes.add('PASSWORD_CHANGE_REQUIRED');
  }
  return CODE_ORDER.filter((code) => codes.has(code));
}

/**
 * The problem body from the catalogue's own schema (shared/src/problems.ts), with its `error` as a
 * schema of its own for each response below to narrow. As the client may send it (`io: 'input'`):
 * a field added later is no breach of the contract.
 */
type Schemas = NonNullable<NonNullable<Document['components']>['schemas']>;
const PROBLEM_SCHEMAS: Schemas = {
  Problem: {
    type: 'object',
    required: ['error'],
    properties: { error: { $ref: '#/components/schemas/ProblemError' } },
  },
  ProblemError: (({ $schema: _, ...schema }) => schema)(
    z.toJSONSchema(problemBodySchema.shape.error, { io: 'input', target: 'draft-2020-12' }),
  ) as Schemas[string],
};

/**
 * One response per status: a Problem whose `code` is one of those this operation answers with that
 * status, and each code's body as an example. The narrowing sits beside a $ref to ProblemError
 * (OpenAPI 3.1 allows siblings), so a strict validator sees one `error` object, not two halves.
 * The examples are written once, in components (problemExamples), or the document would carry the
 * same Bangla and English sentences a thousand times.
 */
function problemResponse(codes: ProblemCode[]) {
  const response = {
    description: `Problem ${codes.join(', ')}`,
    content: {
      'application/json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/Problem' }],
          properties: { error: { $ref: '#/components/schemas/ProblemError', properties: { code: { enum: codes } } } },
        },
        examples: Object.fromEntries(codes.map((code) => [code, { $ref: `#/components/examples/${code}` }])),
      },
    },
  };
  // http/problem.ts problemResponse: a rate limit says when to come back.
  if (codes.some((code) => PROBLEMS[code] === 429)) {
    return {
      ...response,
      headers: { 'Retry-After': { description: 'Seconds until another try is allowed', schema: { type: 'integer' } } },
    };
  }
  return response;
}

/** `GET /api/staff/queues/{queue}` → `getStaffQueuesByQueue`: stable while the path is, unique with it. */
export function operationId(method: Method, path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api')
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ['by', ...param[1]!.split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return method + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Each code's body as the server sends it, its English message as the summary. */
function problemExamples(codes: ReadonlySet<ProblemCode>) {
  return Object.fromEntries(
    CODE_ORDER.filter((code) => codes.has(code)).map((code) => [
      code,
      { summary: translate('en', problemMessageKey(code)), value: problemBody(code) },
    ]),
  );
}

function finishOperation(op: Operation, method: Method, path: string): ProblemCode[] {
  const declared = ((op as Record<string, unknown>)['x-problems'] ?? []) as ProblemCode[];
  delete (op as Record<string, unknown>)['x-problems'];
  for (const status of Object.keys(op.responses ?? {})) {
    if (Number(status) >= 400) {
      throw new Error(`${method.toUpperCase()} ${path}: its ${status} comes from problems(), not by hand`);
    }
  }
  const byStatus = new Map<number, ProblemCode[]>();
  for (const code of problemCodes(op, method, path, declared)) {
    byStatus.set(PROBLEMS[code], [...(byStatus.get(PROBLEMS[code]) ?? []), code]);
  }
  for (const [status, codes] of byStatus) op.responses![String(status)] = problemResponse(codes);
  op.operationId ??= operationId(method, path);
  return [...byStatus.values()].flat();
}

/** The finished document of an app built from createRouter() routers. */
export function contractDocument(app: OpenAPIHono<AppEnv>, publicUrl: string): Document {
  const doc = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Irrigation tube-well licensing portal API',
      version: '1',
      description:
        'Every failure is a problem from one catalogue: `{ error: { code, message, messageEn, … } }`, `message` in Bangla. Each operation lists the codes it can answer under their status.',
    },
    // PUBLIC_URL is the address the portal is reached at (its links in texts and mails use it too);
    // the paths below carry their /api.
    servers: [{ url: publicUrl.replace(/\/+$/, '') || '/', description: 'This portal (PUBLIC_URL)' }],
  });
  const answered = new Set<ProblemCode>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) finishOperation(op, method, path).forEach((code) => answered.add(code));
    }
  }
  doc.components = {
    ...doc.components,
    schemas: { ...doc.components?.schemas, ...PROBLEM_SCHEMAS },
    examples: problemExamples(answered),
    securitySchemes: SECURITY_SCHEMES,
  };
  return doc;
}

/** Serves the document at /api/openapi.json: built once, on the first request (the routes are all in by then). */
export function serveContract(app: OpenAPIHono<AppEnv>, publicUrl: string): void {
  let doc: Document | undefined;
  app.get('/api/openapi.json', (c) => c.json((doc ??= contractDocument(app, publicUrl))));
}
