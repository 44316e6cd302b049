import crypto from 'node:crypto';
import { sql } from 'kysely';
import { STAFF_ROLES, todayInDhaka, type FileSlot, type Kind, type StaffRole } from '@portal/shared';
import type { Database } from '../../platform/db/database.js';
import { officeScope, scopedDatabase } from '../../platform/db/office-scope.js';
import { checkUpload } from '../../platform/files/check-upload.js';
import { saveAttachment } from '../../platform/files/blob-store.js';
import {
  filesFor,
  intakePath,
  jpegBytes,
  manifestOf,
  pdfBytes,
  sendComplete,
  sha256,
  submission,
} from '../applications/intake-fixtures.js';
import {
  submitService,
  body as serviceBody,
  serviceFiles,
  PATH as SERVICE_PATH,
} from '../services/services-fixtures.js';
import { kindBody } from '../intake/kind-fixtures.js';
import { insertWell } from '../map/map-fixtures.js';
import { act, checklist, insertApplication } from '../requests/request-fixtures.js';
import { Agent, type TestContext } from '../../test/harness.js';
import { createStaffUser, StaffAgent, TEST_PASSWORD } from '../../test/roles.js';
import { setRoleHere } from '../auth/staff-roles.js';
import { officesChanged } from './offices.repository.js';

/**
 * Three offices with records of every kind, for the isolation test (./isolation.test.ts; issue 22,
 * docs/decisions/057-offices.md). Each office is filled the same way, through its own address and
 * its own staff where a route does the writing, so the records are what an office really holds:
 * audit rows, texts, idempotency keys and files included. Every text typed into an office's records
 * ends in the office's marker (`bmark`…), and markRows marks what the server wrote itself, so a leak
 * shows in any JSON, CSV or HTML answer by substring.
 */
export interface OfficeDef {
  id: number;
  host: string;
  code: string;
  /** Lower case; answers are searched for it case-insensitively. */
  marker: string;
  /** Each office's own mobile numbers, so a number names one office's applicant. */
  mobile: (n: number) => string;
}

export const OFFICE_A: OfficeDef = {
  id: 1,
  host: 'localhost',
  code: '',
  marker: 'amark',
  mobile: (n) => `0171100${pad(n)}`,
};
export const OFFICE_B: OfficeDef = {
  id: 2,
  host: 'b.localhost',
  code: 'iso-b',
  marker: 'bmark',
  mobile: (n) => `0182200${pad(n)}`,
};
export const OFFICE_C: OfficeDef = {
  id: 3,
  host: 'c.localhost',
  code: 'iso-c',
  marker: 'cmark',
  mobile: (n) => `0193300${pad(n)}`,
};
function pad(n: number) {
  return String(n).padStart(4, '0');
}

/** Opens offices 2 and 3 beside the template's office 1 (which answers at `localhost`). */
export async function openOffices(ctx: TestContext): Promise<void> {
  // Office names carry no marker: the list of open offices is national, shown on every address.
  await ctx.baseDb
    .insertInto('offices')
    .values([
      { id: OFFICE_B.id, name_bn: 'দ্বিতীয় অফিস', name_en: 'Second office', code: OFFICE_B.code, host: OFFICE_B.host },
      { id: OFFICE_C.id, name_bn: 'তৃতীয় অফিস', name_en: 'Third office', code: OFFICE_C.code, host: OFFICE_C.host },
    ])
    .execute();
  officesChanged(ctx.baseDb);
  // Every read and hash of another office's rows below goes through this connection: it must see them all.
  const owner = await sql<{ all: boolean }>`
    SELECT rolsuper OR rolbypassrls AS all FROM pg_roles WHERE rolname = current_user`.execute(ctx.baseDb);
  if (!owner.rows[0]?.all) throw new Error('the test database connection must bypass row security');
  OFFICE_A.code = (
    await ctx.baseDb.selectFrom('offices').select('code').where('id', '=', 1).executeTakeFirstOrThrow()
  ).code;
}

let addresses = 0;
/**
 * A client address of its own for each request (the context trusts one proxy hop): the per-address
 * limits of the intake and the sign-in are national (rate_limit_hits), and would otherwise refuse
 * the walk's submissions for what the seeding sent.
 */
export function nextAddress(): string {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * The test context as one office sees it: its database is that office's, and a path sent through
 * it goes to the office's own address. The repository fixtures take it unchanged.
 */
export function officeView(ctx: TestContext, office: OfficeDef): TestContext {
  const db = scopedDatabase(ctx.baseDb, officeScope(office.id));
  return {
    ...ctx,
    db,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (!headers.has('x-forwarded-for')) headers.set('x-forwarded-for', nextAddress());
      return ctx.request(path.startsWith('/') ? `http://${office.host}${path}` : path, { ...init, headers });
    },
  };
}

let staffCount = 0;

/** A member of the office with this role, signed in at its address; its e-mail and name carry the marker. */
export async function signInAt(view: TestContext, office: OfficeDef, role: StaffRole | null): Promise<StaffAgent> {
  const email = `${(role ?? 'none').toLowerCase()}.${office.marker}-${++staffCount}-${process.pid}@test.example`;
  const { id } = await createStaffUser(view, role, { email });
  const agent = new StaffAgent(id, email, role);
  await ok(
    view.request('/api/auth/login', { method: 'POST', json: { email, password: TEST_PASSWORD }, agent }),
    'login',
  );
  await ok(
    view.request('/api/auth/me/name', { method: 'PUT', agent, json: { name: `কর্মকর্তা ${office.marker}` } }),
    'name',
  );
  return agent;
}

async function ok(response: Promise<Response>, what: string): Promise<unknown> {
  const res = await response;
  const text = await res.text();
  if (res.status >= 300) throw new Error(`seeding ${what}: ${res.status} ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

export interface SeededOffice {
  office: OfficeDef;
  view: TestContext;
  staff: Record<StaffRole, StaffAgent>;
  /** A verified browser of a licence holder of the office (purpose 1: following the application). */
  citizen: Agent;
  /** A member the walk may re-role and remove; not one of `staff`. */
  spareId: number;
}

/**
 * Fills one office: settings, localities, pages, notices with a file and a text, pictures of each
 * gallery, public and private archive files, a contact message, a batch of texts, applications of
 * every kind at every stage (two through the intake with their files, the rest written as intake
 * leaves them), licences active, suspended, expired and testing, an officer's forward and decline,
 * a licence suspended through its route, two field visits (one still waiting for a photo), a
 * resolution, an old record, a deleted application, complaints and copy requests (one each still
 * receiving its files), receiving applications, and a verified citizen.
 */
export async function seedOffice(
  ctx: TestContext,
  office: OfficeDef,
  opts: { alsoMember?: number } = {},
): Promise<SeededOffice> {
  const v = officeView(ctx, office);
  const m = office.marker;
  const named = (s: string) => `${s} ${m}`;
  const staff = {} as Record<StaffRole, StaffAgent>;
  for (const role of STAFF_ROLES) staff[role] = await signInAt(v, office, role);
  const spare = await createStaffUser(v, 'Pollibidut', {
    email: `spare.${m}-${++staffCount}-${process.pid}@test.example`,
  });
  // A person who works in another office too: removing them there must leave their place here.
  if (opts.alsoMember) await setRoleHere(v.db, opts.alsoMember, 'BADC');
  const admin = staff.Admin;
  const badc = staff.BADC;
  const send = (
    agent: Agent,
    path: string,
    init: { method?: string; json?: unknown; bytes?: Uint8Array; type?: string },
  ) =>
    ok(
      v.request(path, {
        method: init.method ?? 'POST',
        agent,
        json: init.json,
        ...(init.bytes
          ? { body: Buffer.from(init.bytes), headers: { 'content-type': init.type ?? 'application/octet-stream' } }
          : {}),
      }),
      `${init.method ?? 'POST'} ${path}`,
    );

  // The public site's content.
  await send(admin, '/api/admin/settings', {
    method: 'PUT',
    json: {
      websiteName: named('উপজেলা সেচ কমিটি'),
      headline: named('রবি মৌসুমের সেচ চার্জ নির্ধারিত হয়েছে'),
      address: named('শিবগঞ্জ'),
      jilla: named('চাঁপাইনবাবগঞ্জ'),
      staffMobile: office.mobile(1),
      officeLatitude: 24.68,
      officeLongitude: 88.16,
    },
  });
  for (const kind of ['union', 'post'] as const)
    await send(admin, '/api/admin/localities', { json: { kind, name: named('কানসাট') } });
  await send(admin, '/api/admin/pages/about-us', {
    method: 'PUT',
    json: { title: named('আমাদের সম্পর্কে'), html: `<p>${named('অফিসের কথা')}</p>` },
  });
  await send(admin, '/api/admin/videos', {
    method: 'PUT',
    json: { urls: [`https://youtu.be/${m}123456`, '', '', '', '', ''] },
  });
  const notice = (await send(admin, '/api/admin/notices', {
    json: { title: named('নোটিশ'), descriptionHtml: `<p>${named('সভা')}</p>` },
  })) as { id: string };
  await send(admin, `/api/admin/notices/${notice.id}/file`, {
    method: 'PUT',
    bytes: pdfBytes(office.id),
    type: 'application/pdf',
  });
  await send(admin, `/api/admin/notices/${notice.id}/sms`, { json: { mobiles: office.mobile(2) } });
  for (const gallery of ['slider', 'gallery'] as const)
    await send(admin, `/api/admin/galleries/${gallery}`, { bytes: jpegBytes(office.id * 10), type: 'image/jpeg' });
  await send(admin, '/api/admin/galleries/geo?latitude=24.7&longitude=88.2', {
    bytes: jpegBytes(office.id * 10 + 1),
    type: 'image/jpeg',
  });
  for (const visibility of ['Public', 'Private'] as const) {
    const q = new URLSearchParams({ name: named(`ফরম ${visibility}`), visibility });
    await send(admin, `/api/admin/archive?${q}`, { bytes: pdfBytes(office.id * 10 + 2), type: 'application/pdf' });
  }
  await send(admin, '/api/public/contact', {
    json: { name: named('করিম'), phone: office.mobile(3), message: named('প্রশ্ন') },
  });
  await send(admin, '/api/admin/messages', {
    json: { batchId: crypto.randomUUID(), numbers: office.mobile(4), message: named('সভা আগামীকাল') },
  });

  // Applications through the intake, with their six files; the Chairman forwards the second.
  const applicant = (n: number) => ({
    applicantName: named('রহিম উদ্দিন'),
    fatherName: named('করিম উদ্দিন'),
    village: named('কানসাট'),
    mobile: office.mobile(10 + n),
  });
  const intake: { id: string; number: number }[] = [];
  for (let n = 0; n < 2; n++) {
    const files = filesFor('New', office.id * 100 + n * 10);
    const sent = await sendComplete(v, 'New', submission(files, { fields: applicant(n) }), files);
    intake.push({ id: sent.id, number: sent.referenceNumber });
  }
  await act(v, staff.Chairman, intake[1]!.id, { action: 'forward', payload: {} });

  // Every stage of the new-licence review, and the other kinds, as intake leaves them.
  const seen = { chairman: true, uno: true, badc: true };
  const at = (stage: 'StepThree' | 'Pending' | 'Approvable' | 'NotApprovable' | 'Decline', n: number) =>
    insertApplication(v, {
      stage,
      seen: stage === 'StepThree' ? { chairman: true, uno: true } : seen,
      applicantName: named('জমিলা খাতুন'),
      village: named('শাহবাজপুর'),
      mobile: office.mobile(20 + n),
    });
  const atBadc = await at('StepThree', 0);
  await at('Pending', 1);
  await at('Approvable', 2);
  const notApprovable = await at('NotApprovable', 3);
  await at('Decline', 4);
  await insertApplication(v, {
    kind: 'Existing',
    stage: 'StepThree',
    seen: { chairman: true, uno: true },
    applicantName: named('মোস্তফা জামান'),
    mobile: office.mobile(25),
  });
  await v.db.transaction().execute(async (trx) => {
    for (const [i, slot] of (['photo', 'nid', 'landRecord'] satisfies FileSlot[]).entries()) {
      const file = await checkUpload(i === 0 ? jpegBytes(office.id * 1000 + i) : pdfBytes(office.id * 1000 + i));
      await saveAttachment(trx, {
        applicationId: atBadc.id,
        slot,
        file,
        originalName: named('নথি'),
        at: ctx.clock.now,
      });
    }
  });
  // BADC declines one through the route (audit row, text).
  await act(v, badc, notApprovable.id, { action: 'decline', payload: { reason: named('কাগজ অসম্পূর্ণ') } });

  // Wells with licences in every state, each with a position on the map.
  const well = (n: number, licence: 'active' | 'suspended' | 'expired' | 'testing') =>
    insertWell(v, {
      at: { latitude: 24.7 + n / 1000, longitude: 88.2 + n / 1000 },
      licence,
      applicantName: named('রুহুল আমিন'),
      village: named('মোবারকপুর'),
      mobile: office.mobile(30 + n),
    });
  const active = await well(0, 'active');
  await well(1, 'suspended');
  await well(2, 'expired');
  await well(3, 'testing');
  const toSuspend = await well(4, 'active');
  const licence = await v.db
    .selectFrom('licences')
    .select(['id', 'version'])
    .where('id', '=', toSuspend.licenceId!)
    .executeTakeFirstOrThrow();
  await send(badc, `/api/staff/licences/${licence.id}/actions`, {
    json: {
      clientActionId: crypto.randomUUID(),
      version: Number(licence.version),
      action: 'suspend',
      payload: { note: named('শর্ত ভঙ্গ') },
    },
  });
  // A renewal, a name change and a plot change of the active licence.
  await insertApplication(v, {
    kind: 'Renew',
    licenceId: active.licenceId!,
    applicantName: named('রুহুল আমিন'),
    mobile: office.mobile(30),
  });
  await insertApplication(v, {
    kind: 'NameChange',
    stage: 'Pending',
    seen: { chairman: true, uno: true },
    licenceId: active.licenceId!,
    applicantName: named('রুহুল আমিন'),
    mobile: office.mobile(30),
    fields: { applicationId: active.id, newApplicantName: named('রুহুল আমিন খান') },
  });
  await insertApplication(v, {
    kind: 'PlotChange',
    stage: 'Decline',
    seen,
    licenceId: active.licenceId!,
    applicantName: named('রুহুল আমিন'),
    mobile: office.mobile(30),
    fields: { applicationId: active.id, newDagNumber: '৫৭' },
  });

  // The inspector's visits: one complete, one still waiting for its second photo.
  for (const photos of [1, 2]) {
    const visitId = crypto.randomUUID();
    const bytes = [visitPhotoBytes(office, photos, 0), visitPhotoBytes(office, photos, 1)];
    const taken = new Date(ctx.clock.now.getTime() - 3600_000).toISOString();
    await send(badc, `/api/staff/applications/${atBadc.id}/visits`, {
      json: {
        clientVisitId: visitId,
        officerId: badc.id,
        visitedAt: taken,
        position: { latitude: 24.71, longitude: 88.23, accuracyM: 8 },
        checklist: checklist({ 3: named('দাগ মেলেনি') }),
        notes: named('পাম্প ঘর দেখা হয়েছে'),
        decision: 'inspect',
        photos: bytes.slice(0, photos).map((b, index) => ({
          index,
          sha256: sha256(b),
          size: b.byteLength,
          mime: 'image/jpeg',
          takenAt: taken,
        })),
      },
    });
    await send(badc, `/api/staff/visits/${visitId}/photos/0`, { method: 'PUT', bytes: bytes[0]!, type: 'image/jpeg' });
  }

  // The register: a text, a deleted application, an old record; the committee's resolution.
  await send(badc, `/api/staff/register/applications/${intake[0]!.id}/sms`, {
    json: { message: named('কাগজ নিয়ে আসুন'), clientMessageId: crypto.randomUUID() },
  });
  const deleted = await at('Decline', 5);
  await send(admin, `/api/staff/register/applications/${deleted.id}/delete`, { json: { reason: named('ভুল') } });
  await send(badc, '/api/staff/old-records', {
    json: {
      licenceNumber: String(7000 + office.id),
      regulationNumber: named('উসেক-৩/২০১৬'),
      applicantName: named('আবদুল হামিদ'),
      mobile: office.mobile(40),
      upazila: named('শিবগঞ্জ'),
      village: named('কানসাট'),
      union: named('কানসাট'),
      postOffice: named('কানসাট'),
      mouza: named('কানসাট'),
      pumpType: 'electric',
      wellClass: 'deep',
      wellSize: '2.0',
      issuedOn: '2016-05-10',
      validFrom: '2025-05-10',
      validTo: '2028-05-09',
    },
  });
  await send(badc, '/api/staff/resolutions', {
    json: { title: named('সেচ কমিটির সভা'), rangeFrom: 1, rangeTo: 20, html: `<p>${named('সিদ্ধান্ত')}</p>` },
  });

  // Complaints and copy requests: one of each complete, one of each still receiving its files.
  const complaint = await submitService(v, 'complaint', {
    fields: { name: named('আমিনা খাতুন'), mobile: office.mobile(50) },
  });
  await submitService(v, 'copy', { fields: { mobile: office.mobile(51) } });
  await send(admin, `/api/services/complaints/${complaint.id}/status`, {
    method: 'PUT',
    json: { status: 'in_progress', note: named('দেখা হচ্ছে') },
  });
  for (const kind of ['complaint', 'copy'] as const) {
    const b = serviceBody(kind, serviceFiles(kind, office.id), {
      fields:
        kind === 'complaint' ? { name: named('আমিনা'), mobile: office.mobile(52) } : { mobile: office.mobile(53) },
    });
    await ok(v.request(SERVICE_PATH[kind], { method: 'POST', json: b }), `receiving ${kind}`);
  }
  // Applications still receiving their files (the intake's first step only).
  for (const kind of ['New', 'Existing'] satisfies Kind[]) {
    const b = kindBody(kind, crypto.randomUUID());
    const fields = { ...b.fields, ...applicant(kind === 'New' ? 60 : 61) };
    await ok(
      v.request(intakePath(kind), {
        method: 'POST',
        json: { ...b, fields, files: manifestOf(filesFor(kind, office.id)) },
      }),
      `receiving ${kind}`,
    );
  }

  // The citizen holds a licence: the licence's own pages and the citizen's licence route answer.
  const citizen = await verifiedCitizen(v, active.applicationNumber, office.mobile(30));
  return { office, view: v, staff, citizen, spareId: spare.id };
}

/** The photo `index` of the office's visit with `photos` photos: the walk sends the missing one again. */
export function visitPhotoBytes(office: OfficeDef, photos: number, index: number): Uint8Array {
  return jpegBytes(office.id * 50 + photos + index * 5);
}

/**
 * A browser verified for one application at the office's address, as the citizen does it: the
 * code is read from the office's outbox (stored with the country code, so matched by its end).
 */
export async function verifiedCitizen(
  view: TestContext,
  applicationNumber: number,
  mobile: string,
  agent = new Agent(),
): Promise<Agent> {
  const sent = await view.request('/api/verification/send', {
    method: 'POST',
    json: { applicationNumber: String(applicationNumber), mobile, purpose: 1 },
  });
  if (sent.status >= 300)
    throw new Error(`code for #${applicationNumber} ${mobile}: ${sent.status} ${await sent.text()}`);
  const { challengeId } = (await sent.json()) as { challengeId: string };
  const text = await view.db
    .selectFrom('sms_outbox')
    .select('body')
    .where('to_number', 'like', `%${mobile.slice(-10)}`)
    .where('kind', '=', 'otp')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const code = /\b(\d{6})\b/.exec(text.body)![1]!;
  await ok(
    view.request('/api/verification/confirm', { method: 'POST', agent, json: { challengeId, code } }),
    'confirm',
  );
  return agent;
}

// ---------------------------------------------------------------------------------------------
// What an office holds, read as the owner

/** The tables that carry `office_id` (office tables and staff_roles), from the catalogue. */
export async function officeTables(db: Database): Promise<string[]> {
  return (
    await sql<{ table: string }>`
      SELECT c.relname AS table FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attname = 'office_id'
      ORDER BY 1`.execute(db)
  ).rows.map((r) => r.table);
}

/**
 * A hash of every row of each office table for these offices, and of their members' accounts.
 * Read with row security off, so a policy never hides a row from the comparison: as a role the
 * policy applies to, the read fails instead.
 */
export async function fingerprint(db: Database, officeIds: number[]): Promise<Record<string, string>> {
  const tables = await officeTables(db);
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL row_security = off`.execute(trx);
    const out: Record<string, string> = {};
    for (const table of tables) {
      const row = await sql<{ n: number; h: string | null }>`
        SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS h
        FROM ${sql.table(table)} t WHERE office_id = ANY(${officeIds})`.execute(trx);
      out[table] = `${row.rows[0]!.n}:${row.rows[0]!.h ?? ''}`;
    }
    const members = await sql<{ n: number; h: string | null }>`
      SELECT count(*)::int AS n, md5(string_agg(
        concat_ws(',', u.id, u.email, u.display_name, u.password_hash, u.must_change_password), '|' ORDER BY u.id)) AS h
      FROM staff_users u WHERE u.id IN (SELECT user_id FROM staff_roles WHERE office_id = ANY(${officeIds}))`.execute(
      trx,
    );
    out['staff_users (members)'] = `${members.rows[0]!.n}:${members.rows[0]!.h ?? ''}`;
    const offices = await sql<{ h: string | null }>`
      SELECT md5(string_agg(o::text, '|' ORDER BY o.id)) AS h FROM offices o WHERE o.id = ANY(${officeIds})`.execute(
      trx,
    );
    out.offices = offices.rows[0]!.h ?? '';
    return out;
  });
}

/** How many rows of each table an office holds (to show the fingerprint covers something). */
export async function rowCounts(db: Database, officeId: number): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of await officeTables(db)) {
    const r = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE office_id = ${officeId}`.execute(db);
    out[table] = r.rows[0]!.n;
  }
  return out;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Every UUID in a text, lower case. */
export const uuidsIn = (text: string): string[] => (text.match(UUID) ?? []).map((u) => u.toLowerCase());

/** Each office table's rows of one office as text (a file's bytes apart), as the owner reads them. */
export async function officeRowsText(db: Database, officeId: number): Promise<[string, string][]> {
  const out: [string, string][] = [];
  for (const table of await officeTables(db)) {
    if (table === 'blobs' || table === 'image_variants') continue;
    const rows = await sql<{ t: string }>`
      SELECT t::text AS t FROM ${sql.table(table)} t WHERE office_id = ${officeId}`.execute(db);
    out.push([table, rows.rows.map((r) => r.t).join('\n')]);
  }
  return out;
}

/** Every UUID held anywhere in an office's rows (ids, references, ids inside JSON), minus blobs' bytes. */
export async function officeUuids(db: Database, officeId: number): Promise<Set<string>> {
  const found = new Set<string>();
  for (const [, text] of await officeRowsText(db, officeId)) for (const u of uuidsIn(text)) found.add(u);
  return found;
}

const BANGLA_LETTER = /[\u0985-\u09b9\u09ce\u09dc-\u09df]/;

/**
 * Appends the office's marker to every text of its rows that holds a Bangla word and lacks it:
 * what the server wrote itself (texts, audit notes, cached answers) as well as what was typed.
 * Digits, codes, hashes, e-mails and JSON keys are left alone, so every row still reads as before.
 */
export async function markRows(db: Database, office: OfficeDef): Promise<number> {
  const mark = (value: unknown): unknown => {
    if (typeof value === 'string')
      return BANGLA_LETTER.test(value) && !value.toLowerCase().includes(office.marker)
        ? `${value} ${office.marker}`
        : value;
    if (Array.isArray(value)) return value.map(mark);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, mark(x)]));
    return value;
  };
  let changed = 0;
  for (const table of await officeTables(db)) {
    const columns = (
      await sql<{ name: string; type: string }>`
        SELECT column_name AS name, data_type AS type FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
          AND data_type IN ('text', 'character varying', 'jsonb')`.execute(db)
    ).rows;
    if (!columns.length) continue;
    const rows = await sql<Record<string, unknown>>`
      SELECT ctid::text AS ctid, ${sql.join(columns.map((c) => sql.ref(c.name)))}
      FROM ${sql.table(table)} WHERE office_id = ${office.id}`.execute(db);
    for (const row of rows.rows) {
      const sets = columns.flatMap((c) => {
        const before = row[c.name];
        const after = mark(before);
        if (JSON.stringify(after) === JSON.stringify(before)) return [];
        return [
          c.type === 'jsonb'
            ? sql`${sql.ref(c.name)} = ${JSON.stringify(after)}::jsonb`
            : sql`${sql.ref(c.name)} = ${after}`,
        ];
      });
      if (!sets.length) continue;
      await sql`UPDATE ${sql.table(table)} SET ${sql.join(sets)} WHERE ctid = ${row.ctid as string}::tid`.execute(db);
      changed++;
    }
  }
  // The names of the people who work here only (an account is national; one who works in another
  // office too is shown there by right).
  await sql`
    UPDATE staff_users SET display_name = coalesce(display_name, 'কর্মকর্তা') || ' ' || ${office.marker}
    WHERE position(${office.marker} in lower(coalesce(display_name, ''))) = 0
      AND id IN (SELECT user_id FROM staff_roles WHERE office_id = ${office.id})
      AND id NOT IN (SELECT user_id FROM staff_roles WHERE office_id <> ${office.id})`.execute(db);
  return changed;
}

// ---------------------------------------------------------------------------------------------
// The records the walk names

export interface AppRecord {
  id: string;
  number: number;
  kind: string;
  stage: string;
  version: number;
  mobile: string;
  deleted: boolean;
  licenceId: string | null;
}

export interface OfficeRecords {
  office: OfficeDef;
  apps: AppRecord[];
  /** The applications the walk names: one per kind and stage, the deleted one, and a receiving one. */
  probeApps: AppRecord[];
  licences: { id: string; applicationId: string; number: number; version: number; status: string }[];
  files: { id: string; applicationId: string; slot: string }[];
  /** Applications, complaints and copy requests still receiving their files, by kind. */
  receiving: Partial<Record<Kind, { id: string; slot: string; bytes: Uint8Array }>>;
  visits: { id: string; status: string; photos: number; missing: number | null }[];
  resolutions: number[];
  localities: number[];
  contacts: number[];
  images: string[];
  archive: { id: string; visibility: string }[];
  notices: { id: string; withFile: boolean }[];
  complaints: string[];
  copies: string[];
  serviceFiles: string[];
  challenges: string[];
  /** Idempotency keys the office's officers used (clientActionId and the like). */
  keys: string[];
  /** Staff accounts of the office, by role; `spare` is the one a walk may change. */
  staffIds: number[];
  spareId: number;
  /** The accounts a walk may re-role and remove: A's spare only, never the walk's own browsers. */
  changeableStaff: number[];
  staffEmails: string[];
  /** A licence number only this office has: its old record's (7000 + the office's id). */
  ownLicenceNumber: number;
}

export async function readRecords(db: Database, seeded: SeededOffice): Promise<OfficeRecords> {
  const office = seeded.office;
  const id = office.id;
  const apps = (
    await db
      .selectFrom('applications as a')
      .leftJoin('licences as l', (j) => j.onRef('l.application_id', '=', 'a.id'))
      .select([
        'a.id',
        'a.application_number',
        'a.kind',
        'a.stage',
        'a.version',
        'a.mobile',
        'a.deleted_at',
        'a.intake_status',
      ])
      .select('l.id as licence_id')
      .where('a.office_id', '=', id)
      .orderBy('a.application_number')
      .execute()
  ).map((r) => ({
    id: r.id,
    number: Number(r.application_number),
    kind: r.kind,
    stage: r.intake_status === 'receiving' ? 'receiving' : r.stage,
    version: Number(r.version),
    mobile: r.mobile,
    deleted: r.deleted_at !== null,
    licenceId: r.licence_id,
  }));
  const probeApps: AppRecord[] = [];
  for (const a of apps) {
    const key = `${a.kind} ${a.stage} ${a.deleted} ${a.licenceId ? 'licensed' : ''}`;
    if (!probeApps.some((p) => `${p.kind} ${p.stage} ${p.deleted} ${p.licenceId ? 'licensed' : ''}` === key))
      probeApps.push(a);
  }
  const licences = (
    await db
      .selectFrom('licences')
      .select(['id', 'application_id', 'licence_number', 'version', 'status'])
      .where('office_id', '=', id)
      .execute()
  ).map((l) => ({
    id: l.id,
    applicationId: l.application_id,
    number: Number(l.licence_number),
    version: Number(l.version),
    status: l.status,
  }));
  const files = (
    await db
      .selectFrom('application_files')
      .select(['id', 'application_id', 'slot'])
      .where('office_id', '=', id)
      .execute()
  ).map((f) => ({ id: f.id, applicationId: f.application_id, slot: f.slot }));

  const receiving: OfficeRecords['receiving'] = {};
  const receivingApps = await db
    .selectFrom('applications')
    .select(['id', 'kind', 'file_manifest'])
    .where('office_id', '=', id)
    .where('intake_status', '=', 'receiving')
    .execute();
  for (const r of receivingApps) {
    const kind = r.kind as Kind;
    const files = filesFor(kind, id);
    const [slot, f] = Object.entries(files)[0]!;
    receiving[kind] = { id: r.id, slot, bytes: f!.bytes };
  }
  for (const [kind, table] of [
    ['Complaint', 'complaints'],
    ['Copy', 'copy_requests'],
  ] as const) {
    const r = await db
      .selectFrom(table)
      .select('id')
      .where('office_id', '=', id)
      .where('intake_status', '=', 'receiving')
      .executeTakeFirstOrThrow();
    const files = serviceFiles(kind === 'Complaint' ? 'complaint' : 'copy', id);
    const [slot, f] = Object.entries(files)[0]!;
    receiving[kind] = { id: r.id, slot, bytes: f.bytes };
  }
  const visits = await db
    .selectFrom('field_visits as v')
    .select(['v.id', 'v.status', 'v.photo_count'])
    .select((eb) =>
      eb
        .selectFrom('field_visit_photos as p')
        .select((e) => e.fn.min('p.photo_index').as('i'))
        .whereRef('p.visit_id', '=', 'v.id')
        .where('p.blob_id', 'is', null)
        .as('missing'),
    )
    .where('v.office_id', '=', id)
    .execute();
  const ids = async <T extends string | number>(q: Promise<{ id: T }[]>) => (await q).map((r) => r.id);
  return {
    office,
    apps,
    probeApps,
    licences,
    files,
    receiving,
    visits: visits.map((x) => ({
      id: x.id,
      status: x.status,
      photos: Number(x.photo_count),
      missing: x.missing === null ? null : Number(x.missing),
    })),
    resolutions: await ids(db.selectFrom('resolutions').select('id').where('office_id', '=', id).execute()),
    localities: await ids(db.selectFrom('localities').select('id').where('office_id', '=', id).execute()),
    contacts: await ids(db.selectFrom('contact_messages').select('id').where('office_id', '=', id).execute()),
    images: await ids(db.selectFrom('content_images').select('id').where('office_id', '=', id).execute()),
    archive: await db.selectFrom('archive_files').select(['id', 'visibility']).where('office_id', '=', id).execute(),
    notices: (await db.selectFrom('notices').select(['id', 'blob_id']).where('office_id', '=', id).execute()).map(
      (n) => ({
        id: n.id,
        withFile: n.blob_id !== null,
      }),
    ),
    complaints: await ids(db.selectFrom('complaints').select('id').where('office_id', '=', id).execute()),
    copies: await ids(db.selectFrom('copy_requests').select('id').where('office_id', '=', id).execute()),
    serviceFiles: await ids(db.selectFrom('service_files').select('id').where('office_id', '=', id).execute()),
    challenges: await ids(db.selectFrom('otp_challenges').select('id').where('office_id', '=', id).execute()),
    keys: (await db.selectFrom('idempotency_keys').select('key').where('office_id', '=', id).execute()).map(
      (k) => k.key,
    ),
    staffIds: Object.values(seeded.staff).map((s) => s.id),
    spareId: seeded.spareId,
    changeableStaff: [seeded.spareId],
    ownLicenceNumber: 7000 + id,
    staffEmails: Object.values(seeded.staff).map((s) => s.email),
  };
}

/** Today in Dhaka, and a date some years on, for licence dates in bodies. */
export function licenceDates(now: Date): { today: string; later: string } {
  const today = todayInDhaka(now);
  return { today, later: `${Number(today.slice(0, 4)) + 3}${today.slice(4)}` };
}
