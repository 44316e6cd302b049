import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  KIND_SLUG,
  KINDS,
  listQuerySchema,
  PERMISSION_NAMES,
  PRINT_CAPABILITY_DAYS,
  QUEUE_NAMES,
  queuesHolding,
  todayInDhaka,
  queuePermission,
  rolesWith,
  STAFF_ROLES,
  type ApplicationDetail,
  type Permission,
  type ProblemBody,
  type SeenFlags,
  type Stage,
  type StaffRole,
  type StoredKind,
} from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from './test/harness.js';
import { signInAs } from './test/roles.js';
import { callOperation, listOperations, PLACEHOLDER_ID } from './test/route-walk.js';
import { listAttachments } from './platform/files/blob-store.js';
import { requiredFiles, submitComplete } from './modules/applications/intake-fixtures.js';
import { listQueue } from './modules/requests/queue.repository.js';

/**
 * Access control walk (guide QUALITY.md: "a test walks every staff route as anonymous and as each of
 * the five roles"). Every operation in /api/openapi.json must be classified here: staff-only ones in
 * ACCESS with the permission they need, the rest in NOT_STAFF_ONLY with who may call them. The roles
 * allowed come from the one permission table (shared/src/access.ts, docs/decisions/017-permissions.md),
 * never from this file. A route added later without an entry fails this test.
 *
 * To extend: add `'METHOD /api/path/{param}': needs('some.permission')` or, when the answer depends
 * on a path value (queues), `[at(url, ...permissions), ...]` with concrete URLs.
 */
interface Case {
  /** Concrete URL; when absent, the route's template with every {param} filled by PLACEHOLDER_ID. */
  url?: string;
  /** The permissions a role must hold, all of them. */
  needs: readonly Permission[];
  /** A valid body, for routes that check the role against the input (default `{}`). */
  body?: unknown;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const needs = (...permissions: Permission[]): Case[] => [{ needs: permissions }];
const at = (url: string, ...permissions: Permission[]): Case => ({ url, needs: permissions });

/** Route → the permission it needs (spec 2 §6, spec 3 §2, docs/API.md). */
const ACCESS: Record<string, Case[]> = {
  // features/accounts
  'GET /api/admin/accounts': needs('accounts.manage'),
  'PUT /api/admin/accounts/{id}/role': needs('accounts.manage'),
  'DELETE /api/admin/accounts/{id}': needs('accounts.manage'),
  // features/settings
  'GET /api/admin/settings': needs('settings.manage'),
  'PUT /api/admin/settings': needs('settings.manage'),
  'POST /api/admin/localities': needs('settings.manage'),
  'PUT /api/admin/localities/{id}': needs('settings.manage'),
  'DELETE /api/admin/localities/{id}': needs('settings.manage'),
  // requests: one permission per queue (spec 3 §2)
  'GET /api/staff/queues/{queue}': QUEUE_NAMES.map((q) => at(`/api/staff/queues/${q}`, queuePermission(q))),
  'POST /api/staff/queues/{queue}/forward-all': (
    ['chairman-unseen', 'uno-unseen', 'chairman-change-unseen', 'uno-change-unseen'] as const
  ).map((q) => ({
    ...at(`/api/staff/queues/${q}/forward-all`, 'review.forward', queuePermission(q)),
    body: { clientActionId: crypto.randomUUID() },
  })),
  // Which application a role may read is walked below ("record-level access"); which action at
  // which stage is the pipeline's answer (409).
  'GET /api/staff/applications/{id}': needs('applications.read'),
  'POST /api/staff/applications/{id}/actions': needs('applications.read'),
  'PUT /api/staff/applications/{id}/files/{slot}': [
    at(`/api/staff/applications/${PLACEHOLDER_ID}/files/inspectionReport`, 'officerFiles.upload'),
  ],
  // visits (decision 030); the record rule and the officer check are walked in visits/visits.test.ts
  'POST /api/staff/applications/{id}/visits': needs('fieldVisits.record'),
  'GET /api/staff/applications/{id}/visits': needs('fieldVisits.read'),
  'PUT /api/staff/visits/{visitId}/photos/{index}': [
    at(`/api/staff/visits/${PLACEHOLDER_ID}/photos/0`, 'fieldVisits.record'),
  ],
  'GET /api/staff/visits/{visitId}/photos/{index}': [
    at(`/api/staff/visits/${PLACEHOLDER_ID}/photos/0`, 'fieldVisits.read'),
  ],
  // licences
  'GET /api/staff/licences/{applicationId}': needs('licences.read'),
  'PUT /api/staff/licences/{applicationId}/approver': needs('licences.manage'),
  'POST /api/staff/licences/{licenceId}/actions': needs('licences.manage'),
  'GET /api/staff/licence-settings': needs('licences.manage'),
  // map (decision 028); the siting check also follows the record rule (walked in map/siting.test.ts)
  'GET /api/staff/map/wells': [at('/api/staff/map/wells?bbox=88.1,24.6,88.3,24.8', 'map.view')],
  // decision 035: where the map opens, and the visits layer (its record rule: map/map-layers.test.ts)
  'GET /api/staff/map/extent': needs('map.view'),
  'GET /api/staff/map/visits': [at('/api/staff/map/visits?bbox=88.1,24.6,88.3,24.8', 'fieldVisits.read')],
  'GET /api/staff/applications/{id}/siting': needs('applications.siting'),
  // old records (decision 039); open only while others1 is ON, which it is by default
  'POST /api/staff/old-records': needs('register.import'),
  'POST /api/staff/old-records/import': [at('/api/staff/old-records/import?dryRun=1', 'register.import')],
  'GET /api/staff/old-records/template.csv': needs('register.import'),
  // edit-view (docs/decisions/038): the register's edit view and the Admin's stage by hand
  'GET /api/staff/register/applications/{id}/edit': needs('register.edit'),
  'PUT /api/staff/register/applications/{id}/edit': needs('register.edit'),
  'PUT /api/staff/register/applications/{id}/files/{slot}': needs('register.edit'),
  'POST /api/staff/register/applications/{id}/override': needs('review.override'),
  // features/resolutions (decision 036); serial ids, so a concrete one
  'GET /api/staff/resolutions': needs('resolutions.manage'),
  'POST /api/staff/resolutions': needs('resolutions.manage'),
  'GET /api/staff/resolutions/{id}': [at('/api/staff/resolutions/1', 'resolutions.manage')],
  'PUT /api/staff/resolutions/{id}': [at('/api/staff/resolutions/1', 'resolutions.manage')],
  'DELETE /api/staff/resolutions/{id}': [at('/api/staff/resolutions/1', 'resolutions.manage')],
  'GET /api/staff/resolutions/{id}/applications': [at('/api/staff/resolutions/1/applications', 'resolutions.manage')],
  // the register (decision 037): the four lists, their exports, and per row a text, delete, restore
  'GET /api/staff/register/{list}': (['new', 'old', 'change', 'renew'] as const).map((l) =>
    at(`/api/staff/register/${l}`, 'register.read'),
  ),
  'GET /api/staff/register/{list}/export.csv': [at('/api/staff/register/old/export.csv', 'register.export')],
  'POST /api/staff/register/applications/{id}/sms': [
    { needs: ['register.sms'], body: { message: 'পরীক্ষা', clientMessageId: crypto.randomUUID() } },
  ],
  'POST /api/staff/register/applications/{id}/delete': [{ needs: ['register.delete'], body: { reason: 'ভুল' } }],
  'POST /api/staff/register/applications/{id}/restore': needs('register.restore'),
  // features/content
  'POST /api/admin/galleries/{gallery}': needs('content.manage'),
  'DELETE /api/admin/images/{id}': needs('content.manage'),
  'PATCH /api/admin/images/{id}/position': needs('content.manage'),
  'GET /api/admin/archive': needs('archive.manage'),
  'POST /api/admin/archive': needs('archive.manage'),
  'GET /api/admin/archive/{id}/file': needs('archive.manage'),
  'DELETE /api/admin/archive/{id}': needs('archive.manage'),
  'POST /api/admin/notices': needs('content.manage'),
  'PUT /api/admin/notices/{id}/file': needs('content.manage'),
  'DELETE /api/admin/notices/{id}': needs('content.manage'),
  'POST /api/admin/notices/{id}/sms': needs('content.manage'),
  'PUT /api/admin/pages/{slug}': needs('content.manage'),
  'PUT /api/admin/videos': needs('content.manage'),
  // features/services
  'GET /api/admin/contacts': needs('contacts.manage'),
  'GET /api/admin/contacts/export.csv': needs('contacts.manage'),
  'DELETE /api/admin/contacts/{id}': needs('contacts.manage'),
  'GET /api/services/complaints': needs('services.manage'),
  'PUT /api/services/complaints/{id}/status': needs('services.manage'),
  'DELETE /api/services/complaints/{id}': needs('services.manage'),
  'GET /api/services/copies': needs('services.manage'),
  'PUT /api/services/copies/{id}/status': needs('services.manage'),
  'DELETE /api/services/copies/{id}': needs('services.manage'),
  'GET /api/services/files/{fileId}': needs('services.manage'),
  // features/messages, features/dashboard
  'POST /api/admin/messages': needs('messages.send'),
  'GET /api/admin/messages': needs('messages.send'),
  'GET /api/admin/dashboard': needs('dashboard.admin'),
  // the dashboards' charts: the register's keepers (decision 042)
  'GET /api/staff/dashboard/charts': needs('dashboard.charts'),
  // features/audit (docs/decisions/041-audit-trail.md)
  'GET /api/admin/audit': needs('audit.read'),
  // deadlines: each role's own stages, every stage for the Admin (decision 040)
  'GET /api/staff/deadlines/overdue': needs('applications.read'),
};

/** Every other operation, with who may call it (these are not walked here; their own tests cover them). */
const NOT_STAFF_ONLY: Record<string, string> = {
  'POST /api/auth/login': 'anyone',
  'POST /api/auth/logout': 'anyone',
  'GET /api/auth/me': 'any signed-in account, also one without a role',
  'PUT /api/auth/me/name': 'any signed-in account, its own name only',
  'POST /api/auth/register': 'anyone (the account gets no role)',
  'POST /api/auth/forgot': 'anyone',
  'POST /api/auth/reset': 'holder of a reset link',
  'POST /api/auth/change-password': 'any signed-in account, also one without a role',
  'GET /api/auth/offices': 'any signed-in account, its own offices only',
  'GET /api/public/settings': 'anyone',
  'GET /api/public/localities': 'anyone',
  ...Object.fromEntries(
    KINDS.flatMap((k) => [
      [
        `POST /api/intake/${KIND_SLUG[k]}`,
        k === 'NameChange' || k === 'PlotChange' ? 'verified holder' : 'anyone (outbox item)',
      ],
      [`PUT /api/intake/${KIND_SLUG[k]}/{id}/files/{slot}`, 'holder of the id while receiving'],
    ]),
  ),
  'GET /api/applications/{id}/print': 'id holder, verified citizen, reviewing staff (walked below)',
  'GET /api/applications/{id}/photo': 'id holder, verified citizen, reviewing staff (walked below)',
  'POST /api/verification/send': 'anyone',
  'POST /api/verification/confirm': 'anyone',
  'DELETE /api/verification/grant': 'anyone',
  'GET /api/citizen/application': 'verified citizen',
  'GET /api/citizen/licence': 'verified citizen',
  'GET /api/citizen/application/form': 'verified citizen (any purpose)',
  'PUT /api/citizen/application/fields': 'verified citizen, purpose 4 (amendment), while a recheck is open',
  'PUT /api/citizen/application/files/{slot}': 'verified citizen, purpose 4, a document BADC marked No',
  'POST /api/citizen/application/amendment/submit': 'verified citizen, purpose 4, while a recheck is open',
  'GET /api/citizen/application/consent-form': 'verified citizen, purpose 5',
  'PUT /api/citizen/application/consent': 'verified citizen, purpose 5, before the decision',
  'GET /api/public/licence-key': 'anyone (the office public key)',
  'GET /api/public/offices': 'anyone (the list of open offices)',
  // The area roles' own table, AREA_PERMISSIONS; walked in offices/national.test.ts.
  'GET /api/national/offices': 'an area role (offices.overview)',
  'GET /api/national/upazilas': 'the national administrator (offices.manage)',
  'POST /api/national/offices': 'the national administrator (offices.manage)',
  'PATCH /api/national/offices/{id}': 'the national administrator (offices.manage)',
  'POST /api/national/offices/{id}/admin': 'the national administrator (offices.manage)',
  // offices/area-register.test.ts
  'GET /api/national/register/{list}': 'an area role (register.area)',
  'GET /api/national/register/{list}/export.csv': 'an area role (register.area)',
  // offices/area-map.test.ts
  'GET /api/national/map/wells': 'an area role (map.area)',
  'GET /api/national/map/extent': 'an area role (map.area)',
  // offices/area-roles.test.ts
  'GET /api/national/area-roles': 'the national administrator (areaRoles.manage)',
  'POST /api/national/area-roles': 'the national administrator (areaRoles.manage)',
  'DELETE /api/national/area-roles/{userId}': 'the national administrator (areaRoles.manage)',
  // offices/boundary-move.test.ts
  'GET /api/national/boundary-moves/unions': 'the national administrator (offices.move)',
  'POST /api/national/boundary-moves/preview': 'the national administrator (offices.move)',
  'POST /api/national/boundary-moves': 'the national administrator (offices.move)',
  'GET /api/public/licence-check/{licenceNumber}': 'anyone (no personal data beyond the licence facts)',
  'GET /api/licences/{applicationId}/pdf/front': 'licences.read (walked below), or verified citizen when online',
  'GET /api/licences/{applicationId}/pdf/back': 'licences.read (walked below), or verified citizen when online',
  'GET /api/files/{fileId}': 'reviewing staff (walked below); verified citizen of that application',
  'GET /api/public/galleries/{gallery}': 'anyone',
  'GET /api/public/images/{id}': 'anyone',
  'GET /api/public/notices': 'anyone',
  'GET /api/public/notices/{id}/file': 'anyone',
  'GET /api/public/pages/{slug}': 'anyone',
  'GET /api/public/videos': 'anyone',
  'GET /api/public/downloads': 'anyone',
  'GET /api/public/downloads/{id}': 'anyone',
  'POST /api/public/contact': 'anyone',
  'GET /api/public/licences': 'anyone',
  'GET /api/public/map/tiles-info': 'anyone (whether the map tiles may be packed; tiles/tiles.test.ts)',
};

let ctx: TestContext;
let operations: string[];
const agents = new Map<StaffRole | null, Agent>();

beforeAll(async () => {
  ctx = await createTestContext();
  operations = await listOperations(ctx);
  for (const role of [...STAFF_ROLES, null]) agents.set(role, await signInAs(ctx, role));
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const call = (operation: string, c: Case, agent?: Agent) =>
  callOperation(ctx, operation, { url: c.url, body: c.body, agent });

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

  it('guards something with every permission of the table, so no row of it is dead', () => {
    const guarded = new Set(Object.values(ACCESS).flatMap((cases) => cases.flatMap((c) => c.needs)));
    // Read by the record-level rules (walked below) and by the pipeline (ACTION_PERMISSION).
    const elsewhere: Permission[] = ['applications.readDocuments', 'review.decide', 'review.override'];
    expect(PERMISSION_NAMES.filter((p) => !guarded.has(p) && !elsewhere.includes(p))).toEqual([]);
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
        const allowed = rolesWith(...c.needs);
        for (const role of STAFF_ROLES) {
          const result = await call(operation, c, agents.get(role));
          if (allowed.includes(role)) {
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

/**
 * Record-level access (issue 7 §2: "Pollibidut and the Admin read NID and land records of
 * applications at the Chairman's stage, which none of their screens show"). A role reads an
 * application when one of its lists shows it, and its documents only if it reviews them
 * (docs/decisions/017-permissions.md). The expectations are written out from the role menus of
 * spec 2 §2 and the lists of spec 3 §2, independently of the table.
 */
describe('record-level access: each role reads what its lists show, and nothing else', () => {
  const NONE: SeenFlags = { chairman: false, uno: false, badc: false };
  const ALL: SeenFlags = { chairman: true, uno: true, badc: true };
  interface Scenario {
    label: string;
    /** New unless given. */
    kind?: StoredKind;
    stage: Stage;
    seen: SeenFlags;
    licence?: 'active' | 'suspended';
    /** Who opens its detail (and licence, if any); the documents go to these minus Pollibidut. */
    readers: StaffRole[];
  }
  const SCENARIOS: Scenario[] = [
    { label: 'new at the Chairman’s stage', stage: 'StepOne', seen: NONE, readers: ['Chairman'] },
    {
      label: 'forwarded to the UNO',
      stage: 'StepTwo',
      seen: { ...NONE, chairman: true },
      readers: ['Chairman', 'UNO'],
    },
    {
      label: 'forwarded to BADC',
      stage: 'StepThree',
      seen: { ...NONE, chairman: true, uno: true },
      readers: ['Chairman', 'UNO', 'BADC'],
    },
    { label: 'sent straight to BADC by the site setting', stage: 'StepThree', seen: NONE, readers: ['BADC'] },
    { label: 'pending the first decision', stage: 'Pending', seen: ALL, readers: ['Chairman', 'UNO', 'BADC'] },
    {
      label: 'approved, with a licence',
      stage: 'Approved',
      seen: ALL,
      licence: 'active',
      readers: ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
    },
    { label: 'declined', stage: 'Decline', seen: ALL, readers: ['Chairman', 'UNO', 'BADC', 'Pollibidut'] },
    // A suspended licence is the licence's own status: its application stays Approved (decision 021).
    {
      label: 'approved, its licence suspended',
      stage: 'Approved',
      seen: ALL,
      licence: 'suspended',
      readers: ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
    },
    {
      label: 'a renewal at BADC’s level',
      kind: 'Renew',
      stage: 'StepThree',
      seen: { ...NONE, chairman: true, uno: true },
      readers: ['Chairman', 'UNO', 'BADC'],
    },
    { label: 'a renewal at the Chairman’s stage', kind: 'Renew', stage: 'StepOne', seen: NONE, readers: ['Chairman'] },
    {
      label: 'a name change pending at BADC',
      kind: 'NameChange',
      stage: 'Pending',
      seen: { ...NONE, chairman: true, uno: true },
      readers: ['Chairman', 'UNO', 'BADC'],
    },
    // 'rejected' shows every declined request, of every kind, to the four reading roles.
    {
      label: 'a declined plot change',
      kind: 'PlotChange',
      stage: 'Decline',
      seen: ALL,
      readers: ['Chairman', 'UNO', 'BADC', 'Pollibidut'],
    },
  ];
  const NID = '1234567890';
  let seed = 100;
  /**
   * Spec 2 §2 gives BADC the all-application lists, and issue 10 gives them to the Admin too: the
   * register's keepers read every application, with its documents (decision 037).
   */
  const REGISTER_KEEPERS: StaffRole[] = ['BADC', 'Admin'];
  const readersOf = (s: Scenario) => [...new Set([...s.readers, ...REGISTER_KEEPERS])];

  /** An application sent through the real intake with its documents, then moved to the scenario's state. */
  /** The application each scenario's own test made; the agreement test below reuses it (the intake limits submissions). */
  const made = new Map<Scenario, { id: string }>();
  async function applicationAt(s: Scenario) {
    const { id, applicationNumber } = await submitComplete(ctx, requiredFiles(++seed));
    await ctx.db
      .updateTable('applications')
      .set({
        kind: s.kind ?? 'New',
        stage: s.stage,
        seen_chairman: s.seen.chairman,
        seen_uno: s.seen.uno,
        seen_badc: s.seen.badc,
        fields: sql`fields || ${JSON.stringify({ nid: NID })}::jsonb`,
      })
      .where('id', '=', id)
      .execute();
    if (s.licence) {
      await ctx.db
        .insertInto('licences')
        .values({
          id: crypto.randomUUID(),
          application_id: id,
          term_years: 3,
          is_testing: false,
          issued_on: '2026-01-10',
          valid_from: '2026-01-10',
          valid_to: '2099-01-10',
          status: s.licence,
          suspend_note: s.licence === 'suspended' ? 'শর্ত ভঙ্গ' : null,
          created_at: new Date(),
        })
        .execute();
    }
    const files = await listAttachments(ctx.db, id);
    const fileOf = (slot: string) => files.find((f) => f.slot === slot)!.id;
    made.set(s, { id });
    return { id, applicationNumber, nid: fileOf('nid'), landRecord: fileOf('landRecord') };
  }

  const get = async (url: string, role: StaffRole) => {
    const res = await ctx.request(url, { agent: agents.get(role) });
    const body: unknown = res.headers.get('content-type')?.includes('json')
      ? await res.json()
      : await res.arrayBuffer();
    return { status: res.status, body };
  };
  const codeOf = (body: unknown) => (body as ProblemBody).error?.code;

  it('refuses Pollibidut and the UNO an application at the Chairman’s stage: detail, NID and land record files, Form-Ka, photo', async () => {
    const app = await applicationAt(SCENARIOS[0]!);
    const staffUrls = [`/api/staff/applications/${app.id}`, `/api/files/${app.nid}`, `/api/files/${app.landRecord}`];
    for (const role of ['Pollibidut', 'UNO'] as const) {
      for (const url of staffUrls) {
        const res = await get(url, role);
        expect(res.status, `${role} ${url}`).toBe(403);
        expect(codeOf(res.body), `${role} ${url}`).toBe('FORBIDDEN');
      }
    }
    // The Chairman, whose unseen list it is on, reads all of it; so does the Admin, through the register.
    for (const role of ['Chairman', 'Admin'] as const) {
      const reader = await get(`/api/staff/applications/${app.id}`, role);
      expect(reader.status, role).toBe(200);
      expect((reader.body as ApplicationDetail).fields.nid, role).toBe(NID);
      expect((await get(`/api/files/${app.nid}`, role)).status, role).toBe(200);
    }

    // Form-Ka and the photo: once the id-holder's days are over (anyone holding the id may print
    // before that), staff go by the same rule.
    ctx.clock.advance((PRINT_CAPABILITY_DAYS + 1) * DAY_MS);
    try {
      for (const role of ['Pollibidut', 'UNO', 'Chairman', 'Admin'] as const) {
        const agent = await signInAs(ctx, role);
        for (const url of [`/api/applications/${app.id}/print`, `/api/applications/${app.id}/photo`]) {
          const res = await ctx.request(url, { agent });
          expect(res.status, `${role} ${url}`).toBe(role === 'Chairman' || role === 'Admin' ? 200 : 403);
        }
      }
    } finally {
      ctx.clock.advance(-(PRINT_CAPABILITY_DAYS + 1) * DAY_MS);
    }
  });

  for (const s of SCENARIOS) {
    it(`${s.label}: detail for ${readersOf(s).join(', ')}; documents for all of them but Pollibidut; 403 for the rest`, async () => {
      const app = await applicationAt(s);
      for (const role of STAFF_ROLES) {
        const reads = readersOf(s).includes(role);
        const documents = reads && role !== 'Pollibidut';
        const detail = await get(`/api/staff/applications/${app.id}`, role);
        expect(detail.status, `${role} detail`).toBe(reads ? 200 : 403);
        if (reads) {
          const d = detail.body as ApplicationDetail;
          expect(d.files.map((f) => f.slot).sort(), `${role} files in the detail`).toEqual(
            documents ? ['landRecord', 'landTaxReceipt', 'mouzaMap', 'nid', 'photo', 'signature'] : [],
          );
          expect(d.fields.nid, `${role} NID number`).toBe(documents ? NID : undefined);
          expect(d.fields.applicantName, `${role} applicant`).toBe('রহিম উদ্দিন');
        } else {
          expect(codeOf(detail.body), `${role} detail`).toBe('FORBIDDEN');
        }
        for (const file of [app.nid, app.landRecord]) {
          expect((await get(`/api/files/${file}`, role)).status, `${role} file`).toBe(documents ? 200 : 403);
        }
        if (s.licence) {
          // The licence goes to the roles of its lists; the Admin's register holds applications, not licences.
          const licence = s.readers.includes(role);
          const licenceStatus = (await get(`/api/staff/licences/${app.id}`, role)).status;
          expect(licenceStatus, `${role} licence`).toBe(licence ? 200 : 403);
          const pdfStatus = (await get(`/api/licences/${app.id}/pdf/front`, role)).status;
          expect(pdfStatus, `${role} PDF`).toBe(licence ? 200 : 403);
        }
      }
    });
  }

  it('lets nobody act on an application it may not read, and never sends one back with a stale answer', async () => {
    const app = await applicationAt(SCENARIOS[0]!);
    const act = (role: StaffRole, action: string, payload: unknown, version: number) =>
      ctx.request(`/api/staff/applications/${app.id}/actions`, {
        method: 'POST',
        agent: agents.get(role),
        json: { clientActionId: crypto.randomUUID(), action, payload, version },
      });
    // The UNO may forward, but not an application that is not yet at its level; with a wrong
    // version it must not get 409 STALE_STATE with the whole application in `current` either.
    for (const version of [1, 99]) {
      const forward = await act('UNO', 'forward', {}, version);
      expect(forward.status).toBe(403);
      const error = ((await forward.json()) as ProblemBody).error;
      expect(error.code).toBe('FORBIDDEN');
      expect(error).not.toHaveProperty('current');
    }
    const stage = await ctx.db.selectFrom('applications').select('stage').where('id', '=', app.id).executeTakeFirst();
    expect(stage?.stage).toBe('StepOne');
  });

  it('shows on a list only applications whose detail the list’s roles may open (lists and rule agree)', async () => {
    const apps = [];
    for (const s of SCENARIOS) apps.push({ s, ...(made.get(s) ?? (await applicationAt(s))) });
    const query = listQuerySchema.parse({ pageSize: 500 });
    const today = todayInDhaka(ctx.clock.now);
    for (const queue of QUEUE_NAMES) {
      const listed = new Set((await listQueue(ctx.db, queue, query, today)).rows.map((r) => r.id));
      for (const { s, id } of apps) {
        const held = queuesHolding({ ...s, kind: s.kind ?? 'New' }).includes(queue);
        // The licence lists narrow Approved by the licence's own status: on the list implies held.
        if (queue.startsWith('licence-')) {
          if (listed.has(id)) expect(held, `${s.label} on ${queue}`).toBe(true);
        } else {
          expect(held, `${s.label} on ${queue}`).toBe(listed.has(id));
        }
      }
    }
  });
});
