import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CITIZEN_GRANT_COOKIE,
  KIND_SLOTS,
  KIND_SLUG,
  KINDS,
  QUEUE_NAMES,
  SESSION,
  STAFF_ROLES,
  type Kind,
} from '@portal/shared';
import { createTestContext, Agent, type TestContext } from '../../test/harness.js';
import { servedOnNationalAddress } from './national-address.js';
import { TEST_PASSWORD, type StaffAgent } from '../../test/roles.js';
import { filesFor, intakePath, jpegBytes, pdfBytes, sha256 } from '../applications/intake-fixtures.js';
import { kindBody, renewalFields, changeFields } from '../intake/kind-fixtures.js';
import { checklist } from '../requests/request-fixtures.js';
import {
  fingerprint,
  licenceDates,
  markRows,
  nextAddress,
  OFFICE_A,
  OFFICE_B,
  OFFICE_C,
  officeRowsText,
  officeUuids,
  openOffices,
  readRecords,
  rowCounts,
  seedOffice,
  uuidsIn,
  verifiedCitizen,
  visitPhotoBytes,
  type AppRecord,
  type OfficeDef,
  type OfficeRecords,
  type SeededOffice,
} from './isolation-fixtures.js';

/**
 * The isolation test of issue 22 (docs/decisions/057-offices.md): three offices hold records of
 * every kind (./isolation-fixtures.ts); every operation of /api/openapi.json is called by
 * anonymous, each of the five staff roles of office A and a verified citizen of office A, and
 * nothing of office B (or C) may appear in an answer or change in the database.
 *
 * The walks, in order:
 * 1. Every GET on A's own records, before B and C hold anything and after: each answer must be
 *    byte for byte the same (A's counts, lists, CSV lines and map features are A's alone), and
 *    carry no marker or id of B's or C's.
 * 2. Every operation that names a record, with B's records named at A's address: refused (4xx),
 *    and no answer carries B's marker or any id of B's.
 * 3. Every write, and the licence PDFs, on A's own records (the success paths): nothing of B or C.
 * 4. A's cookies carried to B's address: the staff and citizen routes refuse them, the public ones
 *    answer them as they answer anyone.
 * 5. A's cookies at the national address: only the national API answers, with no office's records.
 * Then A's rows must hold nothing of B or C, and B's and C's rows (every table with office_id, their
 * members' accounts, their offices) must hash as before. A route added to the document without a
 * probe in PROBES fails the first test.
 *
 * Its first runs found two defects, mended since: an id of another office's record sent as a
 * phone's own answered 500 and used up a number (now 409, rolled back), and the code sender's
 * per-pair limit was national (now per office). The cases that found them stay below.
 */
type Body = { json: unknown } | { bytes: Uint8Array; type: string };
interface Caller {
  name: string;
  agent?: Agent;
  staff?: StaffAgent;
  citizen?: boolean;
}
interface Case {
  url: string;
  body?: (caller: Caller) => Body | Promise<Body>;
  /** Names one of the office's records (an id, a number, a mobile, an e-mail): walked with B's. */
  names?: boolean;
  /**
   * For B's record named at A's address: 'refused' (no 2xx), 'answers' (a 2xx that must show
   * nothing of B: searches, the intake, the code sender that never says whether a number matched),
   * 'across' (by design another office's: the licence check and key with `?office=`).
   */
  expect?: 'refused' | 'answers' | 'across';
  /** Refused at the record's own office too (a private file asked for as a public download). */
  servedNowhere?: boolean;
}
/** Who may call an operation at all, for the walk of A's cookies at B's address. */
type Access = 'public' | 'writes' | 'self' | 'staff' | 'citizen';
interface Probe {
  access: Access;
  /** `r`: the office whose records are named; `home`: the office whose address is called. */
  cases(r: OfficeRecords, home: OfficeRecords): Case[];
}

const MARKERS = [OFFICE_A, OFFICE_B, OFFICE_C];
/** A host no office claims: with several offices open, the national address. */
const NATIONAL_HOST = 'portal.localhost';
let ctx: TestContext;
let a: SeededOffice, b: SeededOffice;
let A: OfficeRecords, B: OfficeRecords;
let operations: string[];
let callers: Caller[];
/** Office → every UUID its rows hold, minus those another office's rows hold too. */
const uuids = new Map<number, Set<string>>();
let beforeFingerprint: Record<string, string>;
/** A's GET answers before B and C held anything. */
let baseline = new Map<string, string>();
const stats = { requests: 0, walked: new Set<string>(), aSuccess: new Set<string>(), phases: [] as string[] };
/** Every id a request's body sent to an address: the office there may keep it. */
const typed = new Map<string, Set<string>>();
const typedInto = (host: string) => typed.get(host) ?? typed.set(host, new Set()).get(host)!;

// ---------------------------------------------------------------------------------------------
// Every operation, and how to call it about one office's records

const uuid = () => crypto.randomUUID();
const json = (v: unknown): Body => ({ json: v });
const pdf = (seed: number): Body => ({ bytes: pdfBytes(seed), type: 'application/pdf' });
const jpeg = (seed: number): Body => ({ bytes: jpegBytes(seed), type: 'image/jpeg' });
const one = (url: string, more: Omit<Case, 'url'> = {}): Case[] => [{ url, ...more }];
/** The office's applications the walk names (one per kind, stage and licence state, and the deleted one). */
const apps = (r: OfficeRecords, suffix = '', filter: (a: AppRecord) => boolean = () => true) =>
  r.probeApps.filter(filter).map((x) => ({ x, url: `${x.id}${suffix}` }));
const licensed = (r: OfficeRecords) => r.licences.map((l) => l.applicationId);
/**
 * Of a drawn answer (a PDF, Form-Ka, the photo), one on the office's own records: a licence page
 * costs hundreds of ms to draw. Another office's are refused before anything is drawn.
 */
const few = <T>(r: OfficeRecords, home: OfficeRecords, list: T[]): T[] => (r === home ? list.slice(0, 1) : list);
const { today, later } = licenceDates(new Date());

/** The officer action that fits the application's stage, so a missing wall would let it through. */
function actionFor(x: AppRecord): { action: string; payload: unknown } {
  switch (x.stage) {
    case 'StepThree':
      return { action: 'inspect', payload: { checklist: checklist() } };
    case 'Pending':
      return x.kind === 'NameChange'
        ? { action: 'decideChange', payload: { marks: Array.from({ length: 7 }, () => ({ ok: true })), approve: true } }
        : { action: 'decideFirst', payload: { approvable: true } };
    case 'Approvable':
      return { action: 'approve', payload: { termYears: 3, issuedOn: today, validFrom: today, validTo: later } };
    case 'NotApprovable':
      return { action: 'decline', payload: { reason: 'কাগজ অসম্পূর্ণ' } };
    default:
      return { action: 'forward', payload: {} };
  }
}

/** A field visit as the phone sends it, under the caller (the route checks the officer is the session's). */
function visitBody(caller: Caller, clientVisitId: string): Body {
  const photo = jpegBytes(74);
  const at = new Date(ctx.clock.now.getTime() - 3600_000).toISOString();
  return json({
    clientVisitId,
    officerId: caller.staff?.id ?? 1,
    visitedAt: at,
    position: { latitude: 24.7, longitude: 88.2, accuracyM: 8 },
    checklist: checklist(),
    notes: 'পাম্প ঘর দেখা হয়েছে',
    decision: 'inspect',
    photos: [{ index: 0, sha256: sha256(photo), size: photo.byteLength, mime: 'image/jpeg', takenAt: at }],
  });
}

/** The current version of an application or licence: a write against a stale one is a 409, not a wall. */
async function versionOf(table: 'applications' | 'licences', id: string): Promise<number> {
  const row = await ctx.baseDb.selectFrom(table).select('version').where('id', '=', id).executeTakeFirst();
  return Number(row?.version ?? 1);
}

const PROBES: Record<string, Probe> = {
  // features/auth: accounts are national (one person, one e-mail); the office is the session's.
  'POST /api/auth/login': {
    access: 'writes',
    cases: (r) => [
      // The caller's own account (in a copy of its browser): signed in at A.
      {
        url: '/api/auth/login',
        body: (caller) => json({ email: caller.staff?.email ?? r.staffEmails[0], password: TEST_PASSWORD }),
      },
      // B's officer's e-mail with a wrong password: refused, and B's account unchanged.
      {
        url: '/api/auth/login',
        names: true,
        body: () => json({ email: r.staffEmails[0], password: 'not the password at all' }),
      },
    ],
  },
  'POST /api/auth/logout': { access: 'self', cases: () => one('/api/auth/logout') },
  'GET /api/auth/me': { access: 'self', cases: () => one('/api/auth/me') },
  // The person's offices (the office switch, step 4): A's callers work in A alone.
  'GET /api/auth/offices': { access: 'self', cases: () => one('/api/auth/offices') },
  'PUT /api/auth/me/name': {
    access: 'self',
    cases: () => one('/api/auth/me/name', { body: () => json({ name: 'নতুন নাম' }) }),
  },
  'POST /api/auth/register': {
    access: 'writes',
    cases: (r) => [
      {
        url: '/api/auth/register',
        body: () => json({ name: 'নতুন', email: `new-${uuid()}@test.example`, password: TEST_PASSWORD }),
      },
      {
        url: '/api/auth/register',
        names: true,
        expect: 'answers',
        body: () => json({ name: 'নতুন', email: r.staffEmails[1], password: TEST_PASSWORD }),
      },
    ],
  },
  'POST /api/auth/forgot': {
    access: 'writes',
    cases: (r) =>
      one('/api/auth/forgot', { names: true, expect: 'answers', body: () => json({ email: r.staffEmails[0] }) }),
  },
  'POST /api/auth/reset': {
    access: 'writes',
    cases: () => one('/api/auth/reset', { body: () => json({ token: 'x'.repeat(43), password: TEST_PASSWORD }) }),
  },
  'POST /api/auth/change-password': {
    access: 'self',
    // A wrong current password: the walk's browsers keep their own.
    cases: () =>
      one('/api/auth/change-password', {
        body: () => json({ currentPassword: 'not the password at all', newPassword: `${TEST_PASSWORD} again` }),
      }),
  },
  // features/accounts
  'GET /api/admin/accounts': { access: 'staff', cases: () => one('/api/admin/accounts') },
  'PUT /api/admin/accounts/{id}/role': {
    access: 'staff',
    cases: (r) =>
      r.changeableStaff.map((id) => ({
        url: `/api/admin/accounts/${id}/role`,
        names: true,
        body: () => json({ role: 'UNO' }),
      })),
  },
  'DELETE /api/admin/accounts/{id}': {
    access: 'staff',
    cases: (r) => r.changeableStaff.map((id) => ({ url: `/api/admin/accounts/${id}`, names: true })),
  },
  // features/settings
  'GET /api/public/settings': { access: 'public', cases: () => one('/api/public/settings') },
  'GET /api/public/localities': { access: 'public', cases: () => one('/api/public/localities') },
  'GET /api/admin/settings': { access: 'staff', cases: () => one('/api/admin/settings') },
  'PUT /api/admin/settings': {
    access: 'staff',
    cases: () => one('/api/admin/settings', { body: () => json({ headline: 'নতুন শিরোনাম' }) }),
  },
  'POST /api/admin/localities': {
    access: 'staff',
    cases: () =>
      one('/api/admin/localities', { body: () => json({ kind: 'union', name: `ইউনিয়ন ${uuid().slice(0, 4)}` }) }),
  },
  'PUT /api/admin/localities/{id}': {
    access: 'staff',
    cases: (r) =>
      r.localities.map((id) => ({
        url: `/api/admin/localities/${id}`,
        names: true,
        body: () => json({ kind: 'union', name: `বদলানো ${uuid().slice(0, 4)}` }),
      })),
  },
  'DELETE /api/admin/localities/{id}': {
    access: 'staff',
    cases: (r) => r.localities.map((id) => ({ url: `/api/admin/localities/${id}`, names: true })),
  },
  ...intakeProbes(),
  // Form-Ka and the photo: anyone holding the id, for PRINT_CAPABILITY_DAYS (decision 020).
  'GET /api/applications/{id}/print': {
    access: 'public',
    cases: (r, home) =>
      few(r, home, apps(r, '/print')).map(({ url }) => ({ url: `/api/applications/${url}`, names: true })),
  },
  'GET /api/applications/{id}/photo': {
    access: 'public',
    cases: (r, home) =>
      few(r, home, apps(r, '/photo')).map(({ url }) => ({ url: `/api/applications/${url}`, names: true })),
  },
  // features/verification: the answer never says whether a number matched.
  'POST /api/verification/send': {
    access: 'writes',
    cases: (r) => {
      const x = r.apps.find((y) => y.stage === 'StepOne')!;
      return one('/api/verification/send', {
        names: true,
        expect: 'answers',
        body: () => json({ applicationNumber: String(x.number), mobile: x.mobile, purpose: 1 }),
      });
    },
  },
  'POST /api/verification/confirm': {
    access: 'writes',
    cases: (r) =>
      r.challenges.map((id) => ({
        url: '/api/verification/confirm',
        names: true,
        body: () => json({ challengeId: id, code: '123456' }),
      })),
  },
  'DELETE /api/verification/grant': { access: 'self', cases: () => one('/api/verification/grant') },
  // features/citizen: the grant names the application; no id in the path.
  'GET /api/citizen/application': { access: 'citizen', cases: () => one('/api/citizen/application') },
  'GET /api/citizen/application/form': { access: 'citizen', cases: () => one('/api/citizen/application/form') },
  'PUT /api/citizen/application/fields': {
    access: 'citizen',
    cases: () => one('/api/citizen/application/fields', { body: () => json({ fields: { village: 'কানসাট' } }) }),
  },
  'PUT /api/citizen/application/files/{slot}': {
    access: 'citizen',
    cases: () => one('/api/citizen/application/files/nid', { body: () => pdf(71) }),
  },
  'POST /api/citizen/application/amendment/submit': {
    access: 'citizen',
    cases: () => one('/api/citizen/application/amendment/submit'),
  },
  'GET /api/citizen/application/consent-form': {
    access: 'citizen',
    cases: () => one('/api/citizen/application/consent-form'),
  },
  'PUT /api/citizen/application/consent': {
    access: 'citizen',
    cases: () => one('/api/citizen/application/consent', { body: () => pdf(72) }),
  },
  'GET /api/citizen/licence': { access: 'citizen', cases: () => one('/api/citizen/licence') },
  // requests: the queues, searched for B's applicant too
  'GET /api/staff/queues/{queue}': {
    access: 'staff',
    cases: (r) => [
      ...QUEUE_NAMES.map((q) => ({ url: `/api/staff/queues/${q}?pageSize=100` })),
      ...['chairman-unseen', 'pending', 'licence-active', 'rejected'].map((q) => ({
        url: `/api/staff/queues/${q}?q=${r.apps[0]!.mobile}`,
        names: true,
        expect: 'answers' as const,
      })),
    ],
  },
  'POST /api/staff/queues/{queue}/forward-all': {
    access: 'staff',
    cases: (r) => [
      ...['chairman-unseen', 'uno-unseen', 'chairman-change-unseen', 'uno-change-unseen'].map((q) => ({
        url: `/api/staff/queues/${q}/forward-all`,
        body: () => json({ clientActionId: uuid() }),
      })),
      // The office's own idempotency keys: another office's key must not replay its answer.
      ...r.keys.slice(0, 2).map((key) => ({
        url: '/api/staff/queues/chairman-unseen/forward-all',
        names: true,
        expect: 'answers' as const,
        body: () => json({ clientActionId: key }),
      })),
    ],
  },
  'GET /api/staff/applications/{id}': {
    access: 'staff',
    cases: (r) => apps(r).map(({ url }) => ({ url: `/api/staff/applications/${url}`, names: true })),
  },
  'POST /api/staff/applications/{id}/actions': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/actions').map(({ x, url }) => ({
        url: `/api/staff/applications/${url}`,
        names: true,
        body: async (caller) =>
          json({
            ...actionFor(x),
            version: await versionOf('applications', x.id),
            clientActionId: uuid(),
            ...(caller.staff ? { officerId: caller.staff.id } : {}),
          }),
      })),
  },
  'PUT /api/staff/applications/{id}/files/{slot}': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/files/inspectionReport').map(({ url }) => ({
        url: `/api/staff/applications/${url}`,
        names: true,
        body: () => pdf(73),
      })),
  },
  // visits (decision 030)
  'POST /api/staff/applications/{id}/visits': {
    access: 'staff',
    cases: (r, home) => [
      ...apps(r, '/visits').map(({ url }) => ({
        url: `/api/staff/applications/${url}`,
        names: true,
        body: (caller: Caller) => visitBody(caller, uuid()),
      })),
      // The office's own visit id as the phone's clientVisitId, on an application of the office
      // called: refused (409 for BADC, who passes the guards), and B's visit untouched.
      ...r.visits.map((v) => ({
        url: `/api/staff/applications/${home.probeApps.find((x) => x.stage === 'StepThree')!.id}/visits`,
        names: true,
        body: (caller: Caller) => visitBody(caller, v.id),
      })),
    ],
  },
  'GET /api/staff/applications/{id}/visits': {
    access: 'staff',
    cases: (r) => apps(r, '/visits').map(({ url }) => ({ url: `/api/staff/applications/${url}`, names: true })),
  },
  'PUT /api/staff/visits/{visitId}/photos/{index}': {
    access: 'staff',
    cases: (r) =>
      r.visits.map((v) => {
        const index = v.missing ?? 0;
        return {
          url: `/api/staff/visits/${v.id}/photos/${index}`,
          names: true,
          body: () => ({ bytes: visitPhotoBytes(r.office, v.photos, index), type: 'image/jpeg' }),
        };
      }),
  },
  'GET /api/staff/visits/{visitId}/photos/{index}': {
    access: 'staff',
    cases: (r) => r.visits.map((v) => ({ url: `/api/staff/visits/${v.id}/photos/0`, names: true })),
  },
  // map (decisions 028, 035): A's and B's wells lie in the same box
  'GET /api/staff/map/wells': {
    access: 'staff',
    cases: () => [
      { url: '/api/staff/map/wells?bbox=88.0,24.5,88.4,24.9' },
      { url: '/api/staff/map/wells?bbox=88.0,24.5,88.4,24.9&zoom=17' },
    ],
  },
  'GET /api/staff/map/extent': { access: 'staff', cases: () => one('/api/staff/map/extent') },
  'GET /api/staff/map/visits': { access: 'staff', cases: () => one('/api/staff/map/visits?bbox=88.0,24.5,88.4,24.9') },
  'GET /api/staff/applications/{id}/siting': {
    access: 'staff',
    cases: (r) => apps(r, '/siting').map(({ url }) => ({ url: `/api/staff/applications/${url}`, names: true })),
  },
  // the register (decision 037)
  'GET /api/staff/register/{list}': {
    access: 'staff',
    cases: (r) => [
      ...['new', 'old', 'change', 'renew'].map((l) => ({ url: `/api/staff/register/${l}?pageSize=100` })),
      { url: '/api/staff/register/new?deleted=true' },
      { url: `/api/staff/register/new?q=${r.apps[0]!.mobile}`, names: true, expect: 'answers' },
    ],
  },
  'GET /api/staff/register/{list}/export.csv': {
    access: 'staff',
    cases: (r) => [
      ...['new', 'old', 'change', 'renew'].map((l) => ({ url: `/api/staff/register/${l}/export.csv` })),
      { url: `/api/staff/register/new/export.csv?q=${r.apps[0]!.mobile}`, names: true, expect: 'answers' },
    ],
  },
  'POST /api/staff/register/applications/{id}/sms': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/sms').map(({ url }) => ({
        url: `/api/staff/register/applications/${url}`,
        names: true,
        body: () => json({ message: 'পরীক্ষা', clientMessageId: uuid() }),
      })),
  },
  'POST /api/staff/register/applications/{id}/delete': {
    access: 'staff',
    cases: (r, home) =>
      // On A's own records one deletion: the rest of the walk needs A's applications live.
      apps(r, '/delete', (x) => !x.deleted)
        .slice(r === home ? -1 : 0)
        .map(({ url }) => ({
          url: `/api/staff/register/applications/${url}`,
          names: true,
          body: () => json({ reason: 'ভুল' }),
        })),
  },
  'POST /api/staff/register/applications/{id}/restore': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/restore', (x) => x.deleted).map(({ url }) => ({
        url: `/api/staff/register/applications/${url}`,
        names: true,
      })),
  },
  // old records (decision 039)
  'POST /api/staff/old-records': {
    access: 'staff',
    cases: () =>
      one('/api/staff/old-records', {
        body: () =>
          json({
            licenceNumber: String(8000 + Math.floor(Math.random() * 1000_000)),
            regulationNumber: 'উসেক-৮/২০১৯',
            applicantName: 'হাফিজুর রহমান',
            upazila: 'শিবগঞ্জ',
            village: 'কানসাট',
            union: 'কানসাট',
            postOffice: 'কানসাট',
            mouza: 'কানসাট',
            pumpType: 'electric',
            wellClass: 'deep',
            wellSize: '1.0',
            issuedOn: '2019-11-20',
          }),
      }),
  },
  'POST /api/staff/old-records/import': {
    access: 'staff',
    cases: () =>
      one('/api/staff/old-records/import?dryRun=1', {
        body: () => ({
          bytes: new TextEncoder().encode(
            'licenceNumber,regulationNumber,applicantName,upazila,village,union,postOffice,mouza,pumpType,wellClass,wellSize\r\n' +
              `${9000 + Math.floor(Math.random() * 1000_000)},উসেক-৯,রুহুল আমিন,শিবগঞ্জ,কানসাট,কানসাট,কানসাট,কানসাট,electric,deep,1.0\r\n`,
          ),
          type: 'text/csv',
        }),
      }),
  },
  'GET /api/staff/old-records/template.csv': {
    access: 'staff',
    cases: () => one('/api/staff/old-records/template.csv'),
  },
  // edit-view (decision 038)
  'GET /api/staff/register/applications/{id}/edit': {
    access: 'staff',
    cases: (r) => apps(r, '/edit').map(({ url }) => ({ url: `/api/staff/register/applications/${url}`, names: true })),
  },
  'PUT /api/staff/register/applications/{id}/edit': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/edit').map(({ x, url }) => ({
        url: `/api/staff/register/applications/${url}`,
        names: true,
        body: async () => json({ version: await versionOf('applications', x.id), fields: { village: 'বদলানো গ্রাম' } }),
      })),
  },
  'PUT /api/staff/register/applications/{id}/files/{slot}': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/files/nid').map(({ url }) => ({
        url: `/api/staff/register/applications/${url}`,
        names: true,
        body: () => pdf(75),
      })),
  },
  'POST /api/staff/register/applications/{id}/override': {
    access: 'staff',
    cases: (r) =>
      apps(r, '/override', (x) => x.stage !== 'Approved').map(({ x, url }) => ({
        url: `/api/staff/register/applications/${url}`,
        names: true,
        body: async () =>
          json({
            version: await versionOf('applications', x.id),
            clientActionId: uuid(),
            stage: 'StepOne',
            reason: 'ভুল ধাপ',
          }),
      })),
  },
  // features/resolutions (decision 036)
  'GET /api/staff/resolutions': { access: 'staff', cases: () => one('/api/staff/resolutions') },
  'POST /api/staff/resolutions': {
    access: 'staff',
    cases: () =>
      one('/api/staff/resolutions', {
        body: () => json({ title: 'সভা', rangeFrom: 1, rangeTo: 30, html: '<p>সিদ্ধান্ত</p>' }),
      }),
  },
  'GET /api/staff/resolutions/{id}': {
    access: 'staff',
    cases: (r) => r.resolutions.map((id) => ({ url: `/api/staff/resolutions/${id}`, names: true })),
  },
  'PUT /api/staff/resolutions/{id}': {
    access: 'staff',
    cases: (r) =>
      r.resolutions.map((id) => ({
        url: `/api/staff/resolutions/${id}`,
        names: true,
        body: () => json({ title: 'বদলানো সভা', rangeFrom: 1, rangeTo: 40, html: '' }),
      })),
  },
  'DELETE /api/staff/resolutions/{id}': {
    access: 'staff',
    cases: (r) => r.resolutions.map((id) => ({ url: `/api/staff/resolutions/${id}`, names: true })),
  },
  'GET /api/staff/resolutions/{id}/applications': {
    access: 'staff',
    cases: (r) => r.resolutions.map((id) => ({ url: `/api/staff/resolutions/${id}/applications`, names: true })),
  },
  'GET /api/staff/deadlines/overdue': { access: 'staff', cases: () => one('/api/staff/deadlines/overdue') },
  // licences
  'GET /api/staff/licences/{applicationId}': {
    access: 'staff',
    cases: (r) => licensed(r).map((id) => ({ url: `/api/staff/licences/${id}`, names: true })),
  },
  'PUT /api/staff/licences/{applicationId}/approver': {
    access: 'staff',
    cases: (r) =>
      licensed(r).map((id) => ({
        url: `/api/staff/licences/${id}/approver`,
        names: true,
        body: () => json({ custom: true, lines: ['উপজেলা কৃষি অফিসার'] }),
      })),
  },
  'GET /api/staff/licence-settings': { access: 'staff', cases: () => one('/api/staff/licence-settings') },
  'POST /api/staff/licences/{licenceId}/actions': {
    access: 'staff',
    cases: (r) =>
      r.licences.map((l) => ({
        url: `/api/staff/licences/${l.id}/actions`,
        names: true,
        body: async (caller) =>
          json({
            clientActionId: uuid(),
            version: await versionOf('licences', l.id),
            ...(caller.staff ? { officerId: caller.staff.id } : {}),
            ...(l.status === 'suspended'
              ? { action: 'reactivate', payload: {} }
              : { action: 'suspend', payload: { note: 'অনুমতি ছাড়া স্থানান্তর' } }),
          }),
      })),
  },
  'GET /api/licences/{applicationId}/pdf/front': {
    access: 'staff',
    cases: (r, home) => few(r, home, licensed(r)).map((id) => ({ url: `/api/licences/${id}/pdf/front`, names: true })),
  },
  'GET /api/licences/{applicationId}/pdf/back': {
    access: 'staff',
    cases: (r, home) => few(r, home, licensed(r)).map((id) => ({ url: `/api/licences/${id}/pdf/back`, names: true })),
  },
  'GET /api/files/{fileId}': {
    access: 'staff',
    cases: (r) => r.files.map((f) => ({ url: `/api/files/${f.id}`, names: true })),
  },
  // features/content
  'GET /api/public/galleries/{gallery}': {
    access: 'public',
    cases: () => ['slider', 'gallery', 'geo'].map((g) => ({ url: `/api/public/galleries/${g}` })),
  },
  'GET /api/public/images/{id}': {
    access: 'public',
    cases: (r) =>
      r.images.flatMap((id) =>
        ['thumb', 'full'].map((size) => ({ url: `/api/public/images/${id}?size=${size}`, names: true })),
      ),
  },
  'GET /api/public/notices': { access: 'public', cases: () => one('/api/public/notices') },
  'GET /api/public/notices/{id}/file': {
    access: 'public',
    cases: (r) => r.notices.map((n) => ({ url: `/api/public/notices/${n.id}/file`, names: true })),
  },
  'GET /api/public/pages/{slug}': {
    access: 'public',
    cases: () => ['policies', 'application-instruction', 'about-us'].map((s) => ({ url: `/api/public/pages/${s}` })),
  },
  'GET /api/public/videos': { access: 'public', cases: () => one('/api/public/videos') },
  'GET /api/public/downloads': { access: 'public', cases: () => one('/api/public/downloads') },
  'GET /api/public/downloads/{id}': {
    access: 'public',
    // The private file too: it must not be served as a download anywhere, B's own address included.
    cases: (r) =>
      r.archive.map((f) => ({
        url: `/api/public/downloads/${f.id}`,
        names: true,
        servedNowhere: f.visibility === 'Private',
      })),
  },
  'POST /api/admin/galleries/{gallery}': {
    access: 'staff',
    cases: () => one('/api/admin/galleries/gallery', { body: () => jpeg(76) }),
  },
  'DELETE /api/admin/images/{id}': {
    access: 'staff',
    cases: (r) => r.images.map((id) => ({ url: `/api/admin/images/${id}`, names: true })),
  },
  'PATCH /api/admin/images/{id}/position': {
    access: 'staff',
    cases: (r) =>
      r.images.map((id) => ({
        url: `/api/admin/images/${id}/position`,
        names: true,
        body: () => json({ latitude: 24.75, longitude: 88.25 }),
      })),
  },
  'GET /api/admin/archive': { access: 'staff', cases: () => one('/api/admin/archive') },
  'POST /api/admin/archive': {
    access: 'staff',
    cases: () => one('/api/admin/archive?name=%E0%A6%AB%E0%A6%B0%E0%A6%AE&visibility=Private', { body: () => pdf(77) }),
  },
  'GET /api/admin/archive/{id}/file': {
    access: 'staff',
    cases: (r) => r.archive.map((f) => ({ url: `/api/admin/archive/${f.id}/file`, names: true })),
  },
  'DELETE /api/admin/archive/{id}': {
    access: 'staff',
    cases: (r) => r.archive.map((f) => ({ url: `/api/admin/archive/${f.id}`, names: true })),
  },
  'POST /api/admin/notices': {
    access: 'staff',
    cases: () => one('/api/admin/notices', { body: () => json({ title: 'নোটিশ', descriptionHtml: '<p>সভা</p>' }) }),
  },
  'PUT /api/admin/notices/{id}/file': {
    access: 'staff',
    cases: (r) => r.notices.map((n) => ({ url: `/api/admin/notices/${n.id}/file`, names: true, body: () => pdf(78) })),
  },
  'DELETE /api/admin/notices/{id}': {
    access: 'staff',
    cases: (r) => r.notices.map((n) => ({ url: `/api/admin/notices/${n.id}`, names: true })),
  },
  'POST /api/admin/notices/{id}/sms': {
    access: 'staff',
    cases: (r) =>
      r.notices.map((n) => ({
        url: `/api/admin/notices/${n.id}/sms`,
        names: true,
        body: () => json({ mobiles: '01711009999' }),
      })),
  },
  'PUT /api/admin/pages/{slug}': {
    access: 'staff',
    cases: () => one('/api/admin/pages/policies', { body: () => json({ title: 'নীতিমালা', html: '<p>লেখা</p>' }) }),
  },
  'PUT /api/admin/videos': {
    access: 'staff',
    cases: () =>
      one('/api/admin/videos', { body: () => json({ urls: ['https://youtu.be/dQw4w9WgXcQ', '', '', '', '', ''] }) }),
  },
  // features/services
  'GET /api/services/complaints': {
    access: 'staff',
    cases: (r) => [
      { url: '/api/services/complaints' },
      { url: `/api/services/complaints?q=${r.office.mobile(50)}`, names: true, expect: 'answers' },
    ],
  },
  'PUT /api/services/complaints/{id}/status': {
    access: 'staff',
    cases: (r) =>
      r.complaints.map((id) => ({
        url: `/api/services/complaints/${id}/status`,
        names: true,
        body: () => json({ status: 'resolved', note: 'সমাধান' }),
      })),
  },
  'DELETE /api/services/complaints/{id}': {
    access: 'staff',
    cases: (r) => r.complaints.map((id) => ({ url: `/api/services/complaints/${id}`, names: true })),
  },
  'GET /api/services/copies': {
    access: 'staff',
    cases: (r) => [
      { url: '/api/services/copies' },
      { url: `/api/services/copies?q=${r.office.mobile(51)}`, names: true, expect: 'answers' },
    ],
  },
  'PUT /api/services/copies/{id}/status': {
    access: 'staff',
    cases: (r) =>
      r.copies.map((id) => ({
        url: `/api/services/copies/${id}/status`,
        names: true,
        body: () => json({ status: 'resolved', note: 'সমাধান' }),
      })),
  },
  'DELETE /api/services/copies/{id}': {
    access: 'staff',
    cases: (r) => r.copies.map((id) => ({ url: `/api/services/copies/${id}`, names: true })),
  },
  'GET /api/services/files/{fileId}': {
    access: 'staff',
    cases: (r) => r.serviceFiles.map((id) => ({ url: `/api/services/files/${id}`, names: true })),
  },
  'POST /api/public/contact': {
    access: 'writes',
    cases: () =>
      one('/api/public/contact', {
        body: () => json({ name: 'করিম', phone: '01711111111', message: 'লাইসেন্স কবে পাব?' }),
      }),
  },
  'GET /api/admin/contacts': { access: 'staff', cases: () => one('/api/admin/contacts') },
  'GET /api/admin/contacts/export.csv': { access: 'staff', cases: () => one('/api/admin/contacts/export.csv') },
  'DELETE /api/admin/contacts/{id}': {
    access: 'staff',
    cases: (r) => r.contacts.map((id) => ({ url: `/api/admin/contacts/${id}`, names: true })),
  },
  // features/messages, dashboard, audit
  'POST /api/admin/messages': {
    access: 'staff',
    cases: (r) => [
      {
        url: '/api/admin/messages',
        body: () => json({ batchId: uuid(), numbers: '01711009998', message: 'সভা আগামীকাল' }),
      },
      ...r.keys.slice(0, 2).map((key) => ({
        url: '/api/admin/messages',
        names: true,
        expect: 'answers' as const,
        body: () => json({ batchId: key, numbers: '01711009997', message: 'সভা' }),
      })),
    ],
  },
  'GET /api/admin/messages': {
    access: 'staff',
    cases: (r) => [
      { url: '/api/admin/messages' },
      { url: `/api/admin/messages?q=${r.office.mobile(4)}`, names: true, expect: 'answers' },
    ],
  },
  'GET /api/admin/dashboard': { access: 'staff', cases: () => one('/api/admin/dashboard') },
  'GET /api/staff/dashboard/charts': { access: 'staff', cases: () => one('/api/staff/dashboard/charts') },
  'GET /api/admin/audit': {
    access: 'staff',
    cases: (r) => [
      { url: '/api/admin/audit?pageSize=100' },
      { url: `/api/admin/audit?entity=application:${r.apps[0]!.id}`, names: true, expect: 'answers' },
      { url: `/api/admin/audit?actor=${r.staffIds[0]}`, names: true, expect: 'answers' },
      { url: `/api/admin/audit?actor=${r.office.marker}`, names: true, expect: 'answers' },
    ],
  },
  // the public licence list, key and check (decision 024; across offices by design, step 3)
  'GET /api/public/licences': {
    access: 'public',
    cases: (r) => [
      { url: '/api/public/licences?pageSize=100' },
      { url: `/api/public/licences?q=${r.office.mobile(30)}`, names: true, expect: 'answers' },
    ],
  },
  'GET /api/public/licence-key': {
    access: 'public',
    cases: (r) => [
      { url: '/api/public/licence-key' },
      { url: `/api/public/licence-key?office=${r.office.code}`, names: true, expect: 'across' },
    ],
  },
  'GET /api/public/licence-check/{licenceNumber}': {
    access: 'public',
    cases: (r) => [
      // The old record's number is the office's own (7000 + its id): the other office has no such licence.
      { url: `/api/public/licence-check/${r.ownLicenceNumber}`, names: true },
      { url: `/api/public/licence-check/${r.ownLicenceNumber}?office=${r.office.code}`, names: true, expect: 'across' },
    ],
  },
  'GET /api/public/map/tiles-info': { access: 'public', cases: () => one('/api/public/map/tiles-info') },
  // The national administrator's (step 4): no role of an office reaches them.
  'GET /api/national/offices': { access: 'staff', cases: () => one('/api/national/offices') },
  'GET /api/national/upazilas': { access: 'staff', cases: () => one('/api/national/upazilas') },
  'POST /api/national/offices': {
    access: 'staff',
    cases: () => one('/api/national/offices', { body: () => json({ upazilaId: 1, host: null }) }),
  },
  'PATCH /api/national/offices/{id}': {
    access: 'staff',
    cases: (r) => one(`/api/national/offices/${r.office.id}`, { names: true, body: () => json({ nameEn: 'Renamed' }) }),
  },
  'POST /api/national/offices/{id}/admin': {
    access: 'staff',
    cases: (r) =>
      one(`/api/national/offices/${r.office.id}/admin`, {
        names: true,
        body: () => json({ email: `new-${uuid()}@test.example` }),
      }),
  },
  'GET /api/national/map/wells': {
    access: 'staff',
    cases: (r) => one(`/api/national/map/wells?bbox=88,20.6,92.6,26.6&office=${r.office.id}`),
  },
  'GET /api/national/map/extent': {
    access: 'staff',
    cases: (r) => one(`/api/national/map/extent?office=${r.office.id}`),
  },
  'GET /api/national/area-roles': { access: 'staff', cases: () => one('/api/national/area-roles') },
  'POST /api/national/area-roles': {
    access: 'staff',
    cases: () =>
      one('/api/national/area-roles', {
        body: () => json({ email: `viewer-${uuid()}@test.example`, role: 'DistrictViewer', districtId: 14 }),
      }),
  },
  'DELETE /api/national/area-roles/{userId}': { access: 'staff', cases: () => one('/api/national/area-roles/1') },
  'GET /api/national/register/{list}': { access: 'staff', cases: () => one('/api/national/register/new') },
  'GET /api/national/register/{list}/export.csv': {
    access: 'staff',
    cases: () => one('/api/national/register/new/export.csv'),
  },
  // Moving licences to a new upazila's office (issue 22): the national administrator's alone.
  'GET /api/national/boundary-moves/unions': {
    access: 'staff',
    cases: (r) => one(`/api/national/boundary-moves/unions?officeId=${r.office.id}`),
  },
  'POST /api/national/boundary-moves/preview': {
    access: 'staff',
    cases: (r, home) =>
      one('/api/national/boundary-moves/preview', {
        names: true,
        body: () =>
          json({ fromOfficeId: r.office.id, toOfficeId: home.office.id, licenceNumbers: [r.ownLicenceNumber] }),
      }),
  },
  'POST /api/national/boundary-moves': {
    access: 'staff',
    cases: (r, home) =>
      one('/api/national/boundary-moves', {
        names: true,
        body: () =>
          json({
            fromOfficeId: r.office.id,
            toOfficeId: home.office.id,
            licenceNumbers: [r.ownLicenceNumber],
            moveKey: uuid(),
          }),
      }),
  },
  'GET /api/public/offices': { access: 'public', cases: () => one('/api/public/offices') },
};

/** The one intake's operations of every kind (decision 023): a new item, and a file for a receiving one. */
function intakeProbes(): Record<string, Probe> {
  const out: Record<string, Probe> = {};
  for (const kind of KINDS) {
    const slug = KIND_SLUG[kind];
    out[`POST /api/intake/${slug}`] = {
      access: 'writes',
      cases: (r) => {
        const licensedApp = r.licences[0]!.applicationId;
        const about: Record<Kind, Record<string, unknown>> = {
          New: {},
          Existing: {},
          // B's licence and holder, or B's licensed application: only B's own holder may ask.
          Renew: { fields: renewalFields({ licenceNumber: String(r.ownLicenceNumber), mobile: r.office.mobile(40) }) },
          NameChange: {
            fields: changeFields(licensedApp, { newApplicantName: 'রহিমা খাতুন', mobile: r.office.mobile(30) }),
          },
          PlotChange: { fields: changeFields(licensedApp, { newDagNumber: '৫৭', mobile: r.office.mobile(30) }) },
          Complaint: {},
          Copy: {},
        };
        const own =
          kind === 'Complaint'
            ? r.complaints[0]!
            : kind === 'Copy'
              ? r.copies[0]!
              : r.apps.find((x) => x.kind === kind)!.id;
        return [
          { url: `/api/intake/${slug}`, body: () => json(kindBody(kind, uuid())) },
          // About B's licence: refused at A's address for the three kinds that name one.
          ...(kind === 'Renew' || kind === 'NameChange' || kind === 'PlotChange'
            ? [
                {
                  url: `/api/intake/${slug}`,
                  names: true,
                  body: () => json({ ...kindBody(kind, uuid()), ...about[kind] }),
                },
              ]
            : []),
          // B's own record's id as the phone's clientId: refused, with no replay of B's answer and
          // no write into B (409: the id is taken, and A cannot see it as a repeat).
          {
            url: `/api/intake/${slug}`,
            names: true,
            body: () =>
              json({
                ...kindBody(kind, own),
                ...about[kind],
              }),
          },
        ];
      },
    };
    out[`PUT /api/intake/${slug}/{id}/files/{slot}`] = {
      access: 'writes',
      cases: (r) => {
        const receiving = r.receiving[kind];
        if (receiving)
          return one(`/api/intake/${slug}/${receiving.id}/files/${receiving.slot}`, {
            names: true,
            body: () => ({ bytes: receiving.bytes, type: 'application/octet-stream' }),
          });
        // No item of this kind is receiving: a complete one's first slot (the holder's id, once more).
        const x = r.apps.find((y) => y.kind === kind)!;
        const slot = (KIND_SLOTS[kind] as readonly string[])[0]!;
        const [, file] = Object.entries(filesFor(kind, r.office.id))[0]!;
        return one(`/api/intake/${slug}/${x.id}/files/${slot}`, {
          names: true,
          body: () => ({ bytes: file!.bytes, type: 'application/octet-stream' }),
        });
      },
    };
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Sending, and reading an answer for what it must not hold

interface Answer {
  status: number;
  text: string;
  /** A hash of the body, for comparing answers. */
  hash: string;
  /** The ids the request's own path named. */
  echoes?: Set<string>;
}

async function send(host: string, method: string, c: Case, caller: Caller, body?: Body): Promise<Answer> {
  const headers = new Headers({ 'x-forwarded-for': nextAddress() });
  const init: RequestInit & { json?: unknown; agent?: Agent } = { method, headers, agent: caller.agent };
  if (body && 'json' in body) init.json = body.json;
  if (body && 'bytes' in body) {
    headers.set('content-type', body.type);
    headers.set('x-file-sha256', sha256(body.bytes));
    headers.set('x-file-name', encodeURIComponent('নথি.pdf'));
    init.body = Buffer.from(body.bytes);
  }
  // Signing in is the caller's own business: a copy of its jar, so the walk's browser stays as it was.
  if (c.url === '/api/auth/login' && caller.agent) {
    const copy = new Agent();
    copy.cookies = new Map(caller.agent.cookies);
    init.agent = copy;
  }
  stats.requests++;
  const res = await ctx.request(`http://${host}${c.url}`, init);
  const bytes = Buffer.from(await res.arrayBuffer());
  const type = res.headers.get('content-type') ?? '';
  await keepSignedIn(caller);
  return {
    status: res.status,
    // A PDF or picture as Latin-1: an id or a marker in its bytes still shows.
    text: bytes.toString(/json|text|csv|html|xml/.test(type) ? 'utf8' : 'latin1'),
    hash: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
}

/** A walk reached sign-out or dropped the grant: the browser signs in (or verifies) again. */
let nextCitizenApp = 1;
async function keepSignedIn(caller: Caller): Promise<void> {
  if (caller.staff && !caller.staff.cookies.has(SESSION.cookieName)) {
    const res = await ctx.request('/api/auth/login', {
      method: 'POST',
      headers: { 'x-forwarded-for': nextAddress() },
      json: { email: caller.staff.email, password: TEST_PASSWORD },
      agent: caller.staff,
    });
    if (res.status !== 200) throw new Error(`${caller.name} could not sign in again: ${res.status}`);
  }
  if (caller.citizen && !caller.agent!.cookies.has(CITIZEN_GRANT_COOKIE)) {
    // Another live application of A's each time: the code sender limits each number and mobile pair.
    const pool = await ctx.baseDb
      .selectFrom('applications')
      .select(['application_number', 'mobile'])
      .where('office_id', '=', OFFICE_A.id)
      .where('kind', '=', 'New')
      .where('intake_status', '=', 'complete')
      .where('deleted_at', 'is', null)
      .orderBy('application_number')
      .execute();
    const x = pool[nextCitizenApp++ % pool.length]!;
    await verifiedCitizen(a.view, Number(x.application_number), x.mobile, caller.agent);
  }
}

/**
 * What of another office an answer holds: its marker, or an id of its rows that neither this
 * request's path nor any body sent to this address named.
 */
function foreignIn(answer: Answer, others: OfficeDef[], host: string): string[] {
  const lower = answer.text.toLowerCase();
  const found: string[] = [];
  for (const office of others) {
    if (lower.includes(office.marker)) found.push(`office ${office.id}'s marker "${office.marker}"`);
    const theirs = uuids.get(office.id)!;
    for (const u of new Set(uuidsIn(answer.text)))
      if (theirs.has(u) && !typedInto(host).has(u) && !answer.echoes?.has(u))
        found.push(`office ${office.id}'s id ${u}`);
  }
  return found;
}

const describeAnswer = (x: Answer) => `${x.status} ${x.text.slice(0, 160).replace(/\s+/g, ' ')}`;

/** Every case of every operation for one office's records, GETs first and deletes last. */
function casesOf(
  r: OfficeRecords,
  home: OfficeRecords,
  filter: (op: string, c: Case) => boolean,
  perOperation = Infinity,
) {
  const order = (op: string) => ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].indexOf(op.split(' ')[0]!);
  return operations
    .filter((op) => op in PROBES)
    .sort((x, y) => order(x) - order(y))
    .flatMap((op) =>
      PROBES[op]!.cases(r, home)
        .filter((c) => filter(op, c))
        .slice(0, perOperation)
        .map((c) => ({ op, method: op.split(' ')[0]!, c })),
    );
}

/** The licence's two pages, drawn with embedded fonts: each costs hundreds of ms. */
const DRAWN = new Set(['GET /api/licences/{applicationId}/pdf/front', 'GET /api/licences/{applicationId}/pdf/back']);

/**
 * Sends every case to `host` as each caller; `check` judges each answer. Every id a body sent to
 * an address is remembered: an answer there that shows it back shows what a caller typed.
 */
async function walk(
  phase: string,
  host: string,
  cases: ReturnType<typeof casesOf>,
  check: (x: { op: string; c: Case; caller: Caller; answer: Answer; where: string }) => void,
  who: Caller[] = callers,
): Promise<void> {
  const before = stats.requests;
  const started = performance.now();
  for (const { op, method, c } of cases) {
    for (const caller of who) {
      // An id sent in a body may be kept by the office called (a batch id, a client's id); one in
      // the path may be echoed by its refusal.
      const body = c.body ? await c.body(caller) : undefined;
      for (const u of uuidsIn(body && 'json' in body ? JSON.stringify(body.json) : '')) typedInto(host).add(u);
      const answer = await send(host, method, c, caller, body);
      answer.echoes = new Set(uuidsIn(c.url));
      stats.walked.add(op);
      check({ op, c, caller, answer, where: `${op} ${c.url} at ${host} as ${caller.name}` });
    }
  }
  stats.phases.push(`${phase}: ${stats.requests - before} in ${Math.round(performance.now() - started)} ms`);
}

/**
 * Walks A's GETs (the drawn PDFs apart) as every caller, on a few of A's records of each kind;
 * answers by caller and case. `again` gets a way to send each one once more.
 */
async function walkReads(
  phase: string,
  failures?: string[],
  again?: Map<string, () => Promise<Answer>>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const reads = casesOf(fewer(A), fewer(A), (op) => op.startsWith('GET ') && !DRAWN.has(op));
  await walk(phase, OFFICE_A.host, reads, ({ op, c, caller, answer, where }) => {
    const key = `${caller.name} ${c.url}`;
    out.set(key, `${answer.status} ${answer.hash}`);
    if (answer.status < 300) stats.aSuccess.add(op);
    again?.set(key, () => send(OFFICE_A.host, op.split(' ')[0]!, c, caller));
    if (failures) failures.push(...judged(where, answer, [OFFICE_B, OFFICE_C], OFFICE_A.host));
  });
  return out;
}

/**
 * The office's records with one application of each sort that reads and acts differently (the
 * stages an officer acts at, its files and visits, a licence, a renewal and a change of one), a few
 * files and licences: the walks of A's own records need no more to see a list, count or detail
 * take in another office's rows, and B's own reads no more to fill what the server keeps.
 */
const trimmedOf = new Map<OfficeRecords, OfficeRecords>();
function fewer(r: OfficeRecords): OfficeRecords {
  let t = trimmedOf.get(r);
  if (!t) {
    const sorts = [
      'New StepOne',
      'New StepThree',
      'New Pending',
      'New Approvable',
      'New Approved',
      'Renew StepOne',
      'NameChange Pending',
    ];
    const picked = [
      ...sorts.map((k) => r.probeApps.find((x) => !x.deleted && `${x.kind} ${x.stage}` === k)!).filter(Boolean),
      r.probeApps.find((x) => x.deleted)!,
    ];
    t = { ...r, probeApps: picked, files: r.files.slice(0, 4), licences: r.licences.slice(0, 2) };
    trimmedOf.set(r, t);
  }
  return t;
}

/** What is wrong with any answer: a 5xx, or anything of the other offices in it. */
function judged(where: string, answer: Answer, others: OfficeDef[], host: string): string[] {
  const out: string[] = [];
  if (answer.status >= 500) out.push(`${where}: ${describeAnswer(answer)}`);
  const foreign = foreignIn(answer, others, host);
  if (foreign.length) out.push(`${where}: ${foreign.join(', ')} in ${describeAnswer(answer)}`);
  return out;
}

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  // The mail driver prints every e-mail the walk sends (sign-in links, reset links): thousands of lines.
  vi.spyOn(console, 'log').mockImplementation(() => {});
  // One proxy hop trusted: each request names its own client address (nextAddress).
  ctx = await createTestContext({ trustProxyHops: 1 });
  operations = Object.entries(
    ((await (await ctx.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> })
      .paths,
  ).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
  await openOffices(ctx);
  const seeding = performance.now();
  a = await seedOffice(ctx, OFFICE_A);
  callers = [
    { name: 'anonymous' },
    ...STAFF_ROLES.map((role) => ({ name: role, agent: a.staff[role], staff: a.staff[role] })),
    { name: 'citizen', agent: a.citizen, citizen: true },
  ];
  A = await readRecords(ctx.baseDb, a);
  // A's own walk may re-role and remove only its spare member, never the walk's browsers.
  A.changeableStaff = [A.spareId];
  // A's answers before any other office holds a row.
  baseline = await walkReads('A reads before B and C');

  // A's spare member, whom A's walk re-roles and removes, is B's BADC too: B's place must stay.
  b = await seedOffice(ctx, OFFICE_B, { alsoMember: a.spareId });
  await seedOffice(ctx, OFFICE_C);
  await markRows(ctx.baseDb, OFFICE_B);
  await markRows(ctx.baseDb, OFFICE_C);
  B = await readRecords(ctx.baseDb, b);
  stats.phases.push(`seeding and marking: ${Math.round(performance.now() - seeding)} ms`);
  B.changeableStaff = [B.spareId, b.staff.Admin.id];
  for (const office of MARKERS) uuids.set(office.id, await officeUuids(ctx.baseDb, office.id));
  // An id two offices share (none should) would prove nothing either way.
  for (const [id, set] of uuids)
    for (const [other, theirs] of uuids) if (id !== other) for (const u of theirs) set.delete(u);

  // B's own people use B's site first, so whatever a server keeps in memory holds B's answers.
  // The register's keepers and Pollibidut between them read every record a route serves.
  const bCallers: Caller[] = [
    { name: 'B anonymous' },
    ...(['Admin', 'BADC', 'Pollibidut'] as const).map((role) => ({
      name: `B ${role}`,
      agent: b.staff[role],
      staff: b.staff[role],
    })),
    { name: 'B citizen', agent: b.citizen },
  ];
  const ownReads = casesOf(fewer(B), fewer(B), (op) => op.startsWith('GET ') && !DRAWN.has(op));
  await walk(
    'B reads its own',
    OFFICE_B.host,
    ownReads,
    ({ op, c: k, answer }) => {
      bOwnWalked.add(`${op} ${k.url}`);
      if (answer.status < 300) bOwnReads.add(`${op} ${k.url}`);
    },
    bCallers,
  );
  beforeFingerprint = await fingerprint(ctx.baseDb, [OFFICE_B.id, OFFICE_C.id]);
}, 300_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await ctx?.close();
});

/** B's GETs that B's own people were answered (so a refusal at A's address is the wall, not a dead id). */
const bOwnReads = new Set<string>();
const bOwnWalked = new Set<string>();
/** B's records A was refused that B's own people were not served either: such a refusal proves little. */
const deadProbes = new Set<string>();

describe('office isolation over every route of the API', { timeout: 300_000 }, () => {
  it('has a probe for every operation of openapi.json, and none for an operation that is gone', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(
      operations.filter((op) => !(op in PROBES)),
      'operations without a probe: add one to PROBES',
    ).toEqual([]);
    expect(
      Object.keys(PROBES).filter((op) => !operations.includes(op)),
      'probes of operations no longer listed',
    ).toEqual([]);
    // B is really there: rows in every table a route shows, and each id the walk names is B's.
    const counts = rowCounts(ctx.baseDb, OFFICE_B.id);
    return counts.then((n) => {
      const empty = Object.entries(n).filter(
        ([t, k]) => k === 0 && !['licence_changes', 'licence_signing_key'].includes(t),
      );
      expect(empty, 'office B has no rows in these tables').toEqual([]);
    });
  });

  it('gives A the same answers with B and C open as before they held anything, and nothing of them', async () => {
    const failures: string[] = [];
    const again = new Map<string, () => Promise<Answer>>();
    const after = await walkReads('A reads after B and C', failures, again);
    const changing: string[] = [];
    for (const [key, value] of after) {
      if (baseline.get(key) === value) continue;
      // An answer that differs on the very next call changes by itself (a time in it, a read that
      // writes): it cannot be compared, and gets the marker check only.
      const next = await again.get(key)!();
      if (`${next.status} ${next.hash}` !== value) changing.push(key);
      else failures.push(`${key}: ${baseline.get(key)} before B and C, ${value} after`);
    }
    expect(failures, 'answers to A that changed when B and C were filled, or show them').toEqual([]);
    expect(changing, 'answers that change by themselves, so were not compared').toEqual([]);
  });

  it('refuses A’s callers every record of B named at A’s address, and shows them nothing of B', async () => {
    const failures: string[] = [];
    const named = casesOf(B, A, (_, k) => k.names === true);
    expect(named.length).toBeGreaterThan(100);
    await walk('B named at A', OFFICE_A.host, named, ({ op, c: k, answer, where }) => {
      const expectation = k.expect ?? 'refused';
      if (expectation === 'across') return;
      if (expectation === 'refused' && answer.status < 300)
        failures.push(`${where}: served B's record: ${describeAnswer(answer)}`);
      // A refusal proves the wall only if B's own people are served the same record at B's address.
      const key = `${op} ${k.url}`;
      // A deleted application leaves every view but the register's (decision 037): B's people are refused it too.
      const deleted = B.apps.some((x) => x.deleted && k.url.includes(x.id));
      if (expectation === 'refused' && !k.servedNowhere && !deleted && bOwnWalked.has(key) && !bOwnReads.has(key))
        deadProbes.add(key);
      failures.push(...judged(where, answer, [OFFICE_B, OFFICE_C], OFFICE_A.host));
    });
    expect(failures).toEqual([]);
    expect([...deadProbes], 'B records refused at A that B’s own people are not served either').toEqual([]);
  });

  it('gives A’s next submission the number after A’s last, whatever ids A’s callers sent', async () => {
    // The insert's default takes the office's next number before it meets B's row; its transaction
    // is then rolled back (files/upload-protocol.ts), so no submission above that sent B's id as its
    // own used up one of A's numbers.
    const gaps: string[] = [];
    for (const [kind, table, column] of [
      ['New', 'applications', 'application_number'],
      ['Complaint', 'complaints', 'reference_number'],
      ['Copy', 'copy_requests', 'reference_number'],
    ] as const) {
      const highest = await ctx.baseDb
        .selectFrom(table)
        .select((eb) => eb.fn.max(column).as('n'))
        .where('office_id', '=', OFFICE_A.id)
        .executeTakeFirstOrThrow();
      const res = await a.view.request(intakePath(kind), { method: 'POST', json: kindBody(kind, uuid()) });
      const { referenceNumber } = (await res.json()) as { referenceNumber: number };
      if (referenceNumber !== Number(highest.n) + 1)
        gaps.push(`${kind}: A's highest number was ${highest.n}, the next submission got ${referenceNumber}`);
    }
    expect(gaps).toEqual([]);
  });

  it('shows A’s callers nothing of B or C on A’s own records, writes included', async () => {
    const failures: string[] = [];
    const own = casesOf(fewer(A), fewer(A), (op) => !op.startsWith('GET ') || DRAWN.has(op));
    await walk('A writes its own', OFFICE_A.host, own, ({ op, answer, where }) => {
      if (answer.status < 300) stats.aSuccess.add(op);
      failures.push(...judged(where, answer, [OFFICE_B, OFFICE_C], OFFICE_A.host));
    });
    expect(failures).toEqual([]);
  });

  it('treats A’s cookies at B’s address as no one’s: staff and citizen routes refuse, public ones answer as to anyone', async () => {
    const failures: string[] = [];
    // Two cases per operation: the question is whose cookie it is, not which record.
    const atB = casesOf(B, B, (op) => PROBES[op]!.access !== 'writes' && op !== 'POST /api/auth/logout', 2);
    let anonymous: Answer | undefined;
    await walk('A at B', OFFICE_B.host, atB, ({ op, caller, answer, where }) => {
      const access = PROBES[op]!.access;
      if (answer.status >= 500) failures.push(`${where}: ${describeAnswer(answer)}`);
      if (!caller.agent) {
        anonymous = answer;
        return;
      }
      if (access === 'self') return;
      if ((access === 'staff' || access === 'citizen') && answer.status < 300)
        failures.push(`${where}: A's ${caller.name} was served: ${describeAnswer(answer)}`);
      if (access === 'public' && answer.status !== anonymous!.status)
        failures.push(`${where}: ${answer.status}, where anyone gets ${anonymous!.status}`);
      const foreign = foreignIn(answer, [OFFICE_A, OFFICE_C], OFFICE_B.host);
      if (foreign.length) failures.push(`${where}: ${foreign.join(', ')} in ${describeAnswer(answer)}`);
    });
    expect(failures).toEqual([]);
  });

  it('answers A’s callers at the national address with no office’s records', async () => {
    // A host no office claims, with three offices open: only the national API answers there.
    const failures: string[] = [];
    const national = casesOf(B, B, () => true, 1);
    const some = callers.filter((x) => ['anonymous', 'Admin', 'BADC', 'citizen'].includes(x.name));
    await walk(
      'A at the national address',
      NATIONAL_HOST,
      national,
      ({ op, c: k, answer, where }) => {
        if (answer.status >= 500) failures.push(`${where}: ${describeAnswer(answer)}`);
        const path = op.split(' ')[1]!;
        if (!servedOnNationalAddress(path.replace(/\{[^}]+\}/g, 'x'))) {
          if (answer.status !== 404 || !answer.text.includes('OFFICE_NOT_CHOSEN'))
            failures.push(`${where}: not refused as acting in no office: ${describeAnswer(answer)}`);
          return;
        }
        // Signing in answers with the person's own account, national by design.
        if (path.startsWith('/api/auth/') || k.expect === 'across') return;
        const foreign = foreignIn(answer, [OFFICE_A, OFFICE_B, OFFICE_C], NATIONAL_HOST);
        if (foreign.length) failures.push(`${where}: ${foreign.join(', ')} in ${describeAnswer(answer)}`);
      },
      some,
    );
    expect(failures).toEqual([]);
  });

  it('leaves nothing of B or C in A’s rows: its texts, audit entries, cached answers and files', async () => {
    // What the walks wrote into A (texts queued, audit rows, idempotent answers) may carry ids a
    // caller typed in a body, and nothing else of another office's.
    const found: string[] = [];
    for (const [table, text] of await officeRowsText(ctx.baseDb, OFFICE_A.id)) {
      const lower = text.toLowerCase();
      for (const office of [OFFICE_B, OFFICE_C]) {
        if (lower.includes(office.marker)) found.push(`${table}: office ${office.id}'s marker`);
        for (const u of new Set(uuidsIn(text)))
          if (uuids.get(office.id)!.has(u) && !typedInto(OFFICE_A.host).has(u))
            found.push(`${table}: office ${office.id}'s id ${u}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('leaves every row of B and C, and their members’ accounts, as they were', async () => {
    expect(await fingerprint(ctx.baseDb, [OFFICE_B.id, OFFICE_C.id])).toEqual(beforeFingerprint);
    // The walk walked every operation, and B's records it named were B's own to read.
    expect(operations.filter((op) => !stats.walked.has(op))).toEqual([]);
    console.info(
      `[isolation] ${operations.length} operations, ${stats.requests} requests (${stats.phases.join(', ')}), ` +
        `${callers.length} callers; ${stats.aSuccess.size} operations answered 2xx to some caller of A; ` +
        `refusals with no read by B's own people: ${[...deadProbes].join(', ') || 'none'}`,
    );
  });

  it('still texts B’s applicant a code at B’s address after A’s callers named them at A’s', async () => {
    // Run last: it writes into B (a challenge and a text). The walk above asked A's address for a
    // code for B's first applicant, as each of A's callers.
    // The code sender's per-pair limit (rate_limit_hits, a national table) is kept per office
    // (verification.service.ts limitSends): numbers repeat across offices, and sends at A's address
    // must not use up B's applicant's sends.
    const x = B.apps.find((y) => y.stage === 'StepOne')!;
    const res = await b.view.request('/api/verification/send', {
      method: 'POST',
      json: { applicationNumber: String(x.number), mobile: x.mobile, purpose: 1 },
    });
    expect(res.status, await res.clone().text()).toBe(202);
  });
});
