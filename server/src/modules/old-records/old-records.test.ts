import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { toBanglaDigits, translate, type ProblemBody } from '@portal/shared';
import type { OldImportReport } from '@portal/shared/schemas/old-records';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { csvText } from '../../platform/http/csv.js';
import { approvedLicence, setSettings } from '../licences/licence-test-fixtures.js';
import { filesFor, intakePath, manifestOf } from '../applications/intake-fixtures.js';
import { renewalFields } from '../intake/kind-fixtures.js';
import { templateHeaders } from './import-columns.js';

/**
 * Old records from the paper register (docs/decisions/039-old-records-import.md): the form's one
 * record, the CSV dry run and import, and what they leave in the database — an Old application,
 * Approved, with its licence under the register's number, its period and its history, renewable
 * by its holder through the one intake.
 */
// One database for the file (a fresh one costs seconds here): each test uses licence numbers of its
// own and compares counts before and after.
let ctx: TestContext;
let badc: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

const MOBILE = '01712345678';

/** A record as the form sends it (Bangla digits where a clerk types them). */
function record(o: Record<string, unknown> = {}) {
  return {
    licenceNumber: '১২৩',
    regulationNumber: 'সভা-৭/২০১৫',
    applicantName: 'রহিম উদ্দিন',
    upazila: 'শিবগঞ্জ',
    village: 'কানসাট',
    union: 'কানসাট',
    postOffice: 'কানসাট',
    mouza: 'কানসাট',
    pumpType: 'electric',
    wellClass: 'deep',
    wellSize: '1.0',
    mobile: MOBILE,
    dagNumber: '৫৬',
    issuedOn: '2015-03-01',
    validFrom: '2024-03-01',
    validTo: '2027-02-28',
    ...o,
  };
}

const post = (path: string, init: RequestInit & { json?: unknown } = {}, agent: StaffAgent = badc) =>
  ctx.request(path, { method: 'POST', agent, ...init });
const postCsv = (csv: string, opts: { dryRun?: boolean; agent?: StaffAgent } = {}) =>
  post(
    `/api/staff/old-records/import${opts.dryRun ? '?dryRun=1' : ''}`,
    { body: csv, headers: { 'content-type': 'text/csv; charset=utf-8' } },
    opts.agent,
  );

/** A CSV of the template's columns; each row gives only the cells it names. */
async function templateCsv(rows: Record<string, string>[]): Promise<string> {
  const header = templateHeaders();
  return csvText(
    header,
    rows.map((r) => header.map((h) => r[h] ?? '')),
  );
}
const csvRecord = (licenseNumber: string, o: Record<string, string> = {}) => ({
  licenseNumber,
  resulation: '১২/২০১৪',
  name: `কৃষক ${licenseNumber}`,
  upzila: 'শিবগঞ্জ',
  village: 'কানসাট',
  union: 'কানসাট',
  post: 'কানসাট',
  mouza: 'কানসাট',
  sechPampType: 'diesel',
  tubeoyelClass: 'shallow',
  tubeyelSize: '0.5',
  mobile: MOBILE,
  issueDate: '01-07-2014',
  ...o,
});

const counts = async () => {
  const n = async (table: 'applications' | 'licences' | 'licence_periods' | 'audit_log') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    applications: await n('applications'),
    licences: await n('licences'),
    periods: await n('licence_periods'),
    audit: await n('audit_log'),
  };
};
const problemOf = async (res: Response) => ((await res.json()) as ProblemBody).error;

describe('POST /api/staff/old-records (the form, one record)', () => {
  it('creates an Old application, Approved and seen by all, with its licence, period and history', async () => {
    const res = await post('/api/staff/old-records', { json: record() });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { applicationId: string; licenceId: string; licenceNumber: number };
    expect(created.licenceNumber).toBe(123);

    const app = await ctx.db
      .selectFrom('applications')
      .selectAll()
      .where('id', '=', created.applicationId)
      .executeTakeFirstOrThrow();
    expect(app).toMatchObject({
      kind: 'Old',
      stage: 'Approved',
      intake_status: 'complete',
      seen_chairman: true,
      seen_uno: true,
      seen_badc: true,
      applicant_name: 'রহিম উদ্দিন',
      mobile: MOBILE,
      dag_number: '56',
    });
    expect(app.fields).toMatchObject({ licenceNumber: '123', regulationNumber: 'সভা-৭/২০১৫', pumpType: 'electric' });

    const licence = await ctx.db
      .selectFrom('licences')
      .selectAll()
      .where('id', '=', created.licenceId)
      .executeTakeFirstOrThrow();
    expect(licence).toMatchObject({
      application_id: created.applicationId,
      licence_number: 123,
      is_testing: false,
      term_years: 3,
      issued_on: '2015-03-01',
      valid_from: '2024-03-01',
      valid_to: '2027-02-28',
      holder_name: 'রহিম উদ্দিন',
      created_by: badc.id,
    });
    const periods = await ctx.db
      .selectFrom('licence_periods')
      .select(['valid_from', 'valid_to', 'request_id'])
      .where('licence_id', '=', created.licenceId)
      .execute();
    expect(periods).toEqual([{ valid_from: '2024-03-01', valid_to: '2027-02-28', request_id: created.applicationId }]);
    const history = await ctx.db
      .selectFrom('audit_log')
      .select(['action', 'actor_label', 'licence_id', 'to_stage'])
      .where('application_id', '=', created.applicationId)
      .execute();
    expect(history).toEqual([
      { action: 'oldRecord.entered', actor_label: badc.email, licence_id: created.licenceId, to_stage: 'Approved' },
    ]);
  });

  it('moves the licence sequence past the old number, so the next licence issued never meets it', async () => {
    expect((await post('/api/staff/old-records', { json: record({ licenceNumber: '9500' }) })).status).toBe(201);
    const next = await approvedLicence(ctx, { mobile: '01812345678', validFrom: '2026-01-01', validTo: '2029-01-01' });
    expect(next.licenceNumber).toBe(9501);
  });

  it('gives a record without dates the entry day and three years, and the Admin may enter one too', async () => {
    const admin = await signInAs(ctx, 'Admin');
    const res = await post(
      '/api/staff/old-records',
      { json: record({ licenceNumber: '124', issuedOn: '', validFrom: '', validTo: '', mobile: '' }) },
      admin,
    );
    expect(res.status).toBe(201);
    const { licenceId } = (await res.json()) as { licenceId: string };
    const licence = await ctx.db
      .selectFrom('licences')
      .select(['valid_from', 'valid_to'])
      .where('id', '=', licenceId)
      .executeTakeFirstOrThrow();
    const today = new Date(ctx.clock.now.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
    expect(licence.valid_from).toBe(today);
    expect(licence.valid_to).toBe(`${Number(today.slice(0, 4)) + 3}${today.slice(4)}`);
  });

  it('refuses a licence number the portal already holds with 409, and writes nothing', async () => {
    expect((await post('/api/staff/old-records', { json: record({ licenceNumber: '125' }) })).status).toBe(201);
    const before = await counts();
    const again = await post('/api/staff/old-records', {
      json: record({ licenceNumber: '১২৫', applicantName: 'অন্য কেউ' }),
    });
    expect(again.status).toBe(409);
    const problem = await problemOf(again);
    expect(problem.code).toBe('LICENCE_NUMBER_TAKEN');
    expect(problem.fields?.licenceNumber).toMatch(/আগে থেকেই পোর্টালে/);
    expect(await counts()).toEqual(before);
  });

  it('answers missing required fields with their Bangla messages (spec 2 §5)', async () => {
    const before = await counts();
    const res = await post('/api/staff/old-records', {
      json: record({
        licenceNumber: '',
        regulationNumber: ' ',
        pumpType: 'windmill',
        validFrom: '2020-01-01',
        validTo: '2019-01-01',
      }),
    });
    expect(res.status).toBe(400);
    const { fields } = await problemOf(res);
    expect(fields).toMatchObject({
      licenceNumber: 'এই ঘরটি পূরণ করা আবশ্যক।',
      regulationNumber: 'এই ঘরটি পূরণ করা আবশ্যক।',
      pumpType: 'একটি বেছে নিন।',
    });
    expect(await counts()).toEqual(before);
  });
});

describe('POST /api/staff/old-records/import (a CSV file)', () => {
  it('dry run: reports every row with its Bangla errors and writes nothing', async () => {
    await post('/api/staff/old-records', { json: record({ licenceNumber: '900' }) });
    const before = await counts();
    const csv = await templateCsv([
      csvRecord('901'),
      csvRecord('902', { name: '', sechPampType: 'হাওয়া' }),
      csvRecord('901', { name: 'দ্বিতীয়বার' }),
      csvRecord('900'),
      csvRecord('903', { issueDate: '31-02-2014', gMap: 'কোথাও' }),
      csvRecord('904', { village: 'কান\u0000সাট' }),
    ]);
    const res = await postCsv(csv, { dryRun: true });
    expect(res.status).toBe(200);
    const report = (await res.json()) as OldImportReport;
    expect(report).toMatchObject({ dryRun: true, imported: false, totals: { rows: 6, ok: 1, withErrors: 5 } });
    const byRow = Object.fromEntries(report.rows.map((r) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ ok: true, licenceNumber: '901', errors: [] });
    expect(byRow[3]!.ok).toBe(false);
    expect(byRow[3]!.errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^সেচ পাম্পের ধরন: এই মানটি চেনা যায়নি/),
        'আবেদনকারীর নাম: এই ঘরটি পূরণ করা আবশ্যক।',
      ]),
    );
    expect(byRow[4]!.errors).toEqual(['লাইসেন্স নম্বর: এই লাইসেন্স নম্বর ফাইলের ২ নম্বর সারিতেও আছে।']);
    expect(byRow[5]!.errors).toEqual(['লাইসেন্স নম্বর: এই লাইসেন্স নম্বর আগে থেকেই পোর্টালে আছে।']);
    expect(byRow[6]!.errors).toHaveLength(2);
    expect(byRow[7]!.errors).toEqual([expect.stringMatching(/^গ্রাম: .*NUL/)]);
    expect(await counts()).toEqual(before);
  });

  it('imports a good file of ten rows: ten Old applications, licences, periods and audit rows of one import', async () => {
    const csv = await templateCsv(Array.from({ length: 10 }, (_, i) => csvRecord(String(1001 + i))));
    const before = await counts();
    const dry = (await (await postCsv(csv, { dryRun: true })).json()) as OldImportReport;
    expect(dry.totals).toEqual({ rows: 10, ok: 10, withErrors: 0 });
    expect(await counts()).toEqual(before);

    const res = await postCsv(csv);
    expect(res.status).toBe(201);
    const report = (await res.json()) as OldImportReport;
    expect(report).toMatchObject({ dryRun: false, imported: true, totals: { rows: 10, ok: 10, withErrors: 0 } });
    expect(await counts()).toEqual({
      applications: before.applications + 10,
      licences: before.licences + 10,
      periods: before.periods + 10,
      audit: before.audit + 10,
    });
    const licences = await ctx.db
      .selectFrom('licences as l')
      .innerJoin('applications as a', 'a.id', 'l.application_id')
      .select(['l.licence_number', 'l.issued_on', 'l.valid_to', 'a.kind', 'a.stage', 'a.applicant_name'])
      .where('l.licence_number', '>=', 1001)
      .where('l.licence_number', '<=', 1010)
      .orderBy('l.licence_number')
      .execute();
    expect(licences.map((l) => l.licence_number)).toEqual(Array.from({ length: 10 }, (_, i) => 1001 + i));
    expect(licences[0]).toMatchObject({
      kind: 'Old',
      stage: 'Approved',
      applicant_name: 'কৃষক 1001',
      issued_on: '2014-07-01',
      valid_to: '2017-07-01',
    });
    const imports = await ctx.db
      .selectFrom('audit_log')
      .select(sql<string>`details->>'importId'`.as('importId'))
      .where('action', '=', 'oldRecord.imported')
      .where(sql<boolean>`(details->>'licenceNumber')::int BETWEEN 1001 AND 1010`)
      .execute();
    expect(imports).toHaveLength(10);
    expect(new Set(imports.map((r) => r.importId)).size).toBe(1);
  });

  it('imports nothing when one row of the file is wrong: 422 with the same row report', async () => {
    const csv = await templateCsv([csvRecord('2001'), csvRecord('2002'), csvRecord('2003', { tubeyelSize: '9' })]);
    const before = await counts();
    const res = await postCsv(csv);
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem.code).toBe('IMPORT_ROWS_INVALID');
    const report = problem.report as OldImportReport;
    expect(report.totals).toEqual({ rows: 3, ok: 2, withErrors: 1 });
    expect(report.rows[2]).toMatchObject({ row: 4, ok: false, licenceNumber: '2003' });
    expect(await counts()).toEqual(before);
  });

  it('reads Bangla headers, Bangla digits, labels for choices, a day-month-year date and a gMap location', async () => {
    const csv =
      '\uFEFFলাইসেন্স নম্বর*,রেজুলেশন নম্বর,আবেদনকারীর নাম,উপজেলা,গ্রাম,ইউনিয়ন,ডাকঘর,মৌজা,সেচ পাম্পের ধরন,নলকূপের শ্রেণি,নলকূপের আকার (ক্ষমতা),মেয়াদ শেষ,gMap,মন্তব্য\r\n' +
      '৩০০১,৫/২০১২,"করিম, মিয়া",শিবগঞ্জ,কানসাট,কানসাট,কানসাট,কানসাট,সৌর চালিত,অগভীর নলকূপ,১.৫ কিউসেক,৩০/০৬/২০১৫,"২৪.৭১, ৮৮.২৫",পুরোনো খাতা\r\n';
    const res = await postCsv(csv);
    expect(res.status).toBe(201);
    const report = (await res.json()) as OldImportReport;
    expect(report.ignoredColumns).toEqual(['মন্তব্য']);
    const row = await ctx.db
      .selectFrom('applications as a')
      .innerJoin('licences as l', 'l.application_id', 'a.id')
      .select([
        'a.fields',
        'a.latitude',
        'a.longitude',
        'l.licence_number',
        'l.valid_from',
        'l.valid_to',
        'l.holder_name',
      ])
      .where('l.licence_number', '=', 3001)
      .executeTakeFirstOrThrow();
    // Only the end is known: the period is the standard three years before it.
    expect(row).toMatchObject({ valid_from: '2012-06-30', valid_to: '2015-06-30', holder_name: 'করিম, মিয়া' });
    expect(row.fields).toMatchObject({ pumpType: 'solar', wellClass: 'shallow', wellSize: '1.5' });
    expect([Number(row.latitude), Number(row.longitude)]).toEqual([24.71, 88.25]);
  });

  it('refuses a file without the required columns, a broken CSV, a non-UTF-8 file and another media type', async () => {
    const missing = await postCsv('licenseNumber,name\r\n1,ক\r\n', { dryRun: true });
    expect(missing.status).toBe(400);
    expect((await problemOf(missing)).fields?.file).toMatch(/resulation/);

    const header = templateHeaders().join(',');
    const broken = await postCsv(`${header}\r\n"1,২\r\n`, { dryRun: true });
    expect(broken.status).toBe(400);
    expect((await problemOf(broken)).code).toBe('CSV_UNREADABLE');

    const latin1 = await post('/api/staff/old-records/import?dryRun=1', {
      body: new Uint8Array([...Buffer.from(`${header}\r\n1,`), 0xe9, 0x0d, 0x0a]),
      headers: { 'content-type': 'text/csv' },
    });
    expect(latin1.status).toBe(400);
    expect((await problemOf(latin1)).fields?.file).toMatch(/UTF-8/);

    const form = await post('/api/staff/old-records/import?dryRun=1', {
      body: `${header}\r\n`,
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
  });

  it('refuses a row longer than a register row can be, naming it, before holding the rest', async () => {
    const header = templateHeaders().join(',');
    // A quote left open: everything after it is one cell of one row (8 MB took 37 s before).
    const res = await postCsv(`${header}\r\n"1,${'ক'.repeat(2_000_000)}\r\n`, { dryRun: true });
    expect(res.status).toBe(400);
    const problem = await problemOf(res);
    expect(problem.code).toBe('CSV_UNREADABLE');
    expect(problem.fields?.file).toBe(
      translate('bn', 'oldRecords.csv.rowTooLong', { line: '২', max: toBanglaDigits('20,000') }),
    );
  });

  it('stops reading a file past 10,000 rows with 413', async () => {
    const header = templateHeaders();
    const line = header.map((h) => csvRecord('1')[h as keyof ReturnType<typeof csvRecord>] ?? '').join(',');
    const csv = `${header.join(',')}\r\n${`${line}\r\n`.repeat(10_001)}`;
    const res = await postCsv(csv, { dryRun: true });
    expect(res.status).toBe(413);
    expect((await problemOf(res)).code).toBe('IMPORT_TOO_MANY_ROWS');
  });

  it('serves the template: the legacy column names, UTF-8 with a byte-order mark', async () => {
    const res = await ctx.request('/api/staff/old-records/template.csv', { agent: badc });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('old_applicant_template.csv');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.trim().split(',').slice(0, 4)).toEqual(['"licenseNumber"', '"resulation"', '"name"', '"upzila"']);
    expect(text).toContain('"gMap"');
  });
});

describe('an imported licence afterwards', () => {
  it('is renewed by its holder through the one intake', async () => {
    const csv = await templateCsv([csvRecord('4001', { expDate: '2020-06-30', issueDate: '30-06-2017' })]);
    expect((await postCsv(csv)).status).toBe(201);
    const licence = await ctx.db
      .selectFrom('licences')
      .select('id')
      .where('licence_number', '=', 4001)
      .executeTakeFirstOrThrow();
    const files = filesFor('Renew');
    const clientId = crypto.randomUUID();
    const res = await ctx.request(intakePath('Renew'), {
      method: 'POST',
      json: { clientId, fields: renewalFields({ licenceNumber: '৪০০১', mobile: MOBILE }), files: manifestOf(files) },
    });
    expect(res.status).toBe(201);
    const renewal = await ctx.db
      .selectFrom('applications')
      .select(['kind', 'licence_id'])
      .where('id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(renewal).toEqual({ kind: 'Renew', licence_id: licence.id });
  });
});

describe('who may enter old records, and when', () => {
  it('is closed (404 with a Bangla message) while others1 is OFF', async () => {
    const before = await counts();
    await setSettings(ctx, { others1: 'OFF' });
    try {
      const one = await post('/api/staff/old-records', { json: record() });
      expect(one.status).toBe(404);
      expect((await problemOf(one)).message).toMatch(/পুরোনো আবেদন এন্ট্রি এখন বন্ধ/);
      const csv = await templateCsv([csvRecord('5001')]);
      expect((await postCsv(csv)).status).toBe(404);
      expect((await ctx.request('/api/staff/old-records/template.csv', { agent: badc })).status).toBe(404);
    } finally {
      await setSettings(ctx, { others1: 'ON' });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses the Chairman (403) and anyone signed out (401)', async () => {
    const before = await counts();
    const chairman = await signInAs(ctx, 'Chairman');
    const res = await post('/api/staff/old-records', { json: record() }, chairman);
    expect(res.status).toBe(403);
    expect((await problemOf(res)).code).toBe('FORBIDDEN');
    expect((await postCsv(await templateCsv([csvRecord('6001')]), { agent: chairman })).status).toBe(403);
    expect(
      (await ctx.request('/api/staff/old-records', { method: 'POST', json: record({ licenceNumber: '6002' }) })).status,
    ).toBe(401);
    expect(await counts()).toEqual(before);
  });
});
