import crypto from 'node:crypto';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { registerApplication } from './register-fixtures.js';
import { EXPORT_BATCH, registerCsvRows } from './register.repository.js';

/**
 * The register's CSV exports (spec 2 §9; docs/decisions/015 and 037): legacy column names from the
 * one mapping table, every cell quoted, a BOM for Excel, formulas neutralised, the list's filters,
 * and 100,000 rows streamed from the database in batches with the heap staying flat.
 */
let ctx: TestContext;
let badc: StaffAgent;

beforeAll(async () => {
  ctx = await createTestContext();
  badc = await signInAs(ctx, 'BADC');
});
afterAll(() => ctx.close());

const LEGACY_HEADER = [
  'applicationNumber',
  'categoryTitle',
  'category',
  'name',
  'father',
  'mobile',
  'upzila',
  'village',
  'union',
  'post',
  'mouza',
  'jlNumber',
  'khotian',
  'dagnumber',
  'dagnumber2',
  'sechPampType',
  'tubeoyelClass',
  'tubeyelSize',
  'destination',
  'currentDate',
  'licenseNumber',
];

/** Parses the CSV the export wrote (every cell quoted, CRLF rows, "" for a quote inside a cell). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  let row: string[] = [];
  for (let m = cell.exec(text); m; m = cell.exec(text)) {
    row.push(m[1]!.replace(/""/g, '"'));
    if (m[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  return rows;
}

describe('the CSV export of a list', () => {
  it('writes old_applicant_data.csv: BOM, the 21 legacy columns, every cell quoted, Bangla intact, formulas neutralised', async () => {
    const union = 'রাধানগর';
    const tricky = await registerApplication(ctx, {
      kind: 'Old',
      stage: 'Approved',
      applicantName: '=HYPERLINK("http://evil.example","ক্লিক")',
      fatherName: 'রহমান, "বড়" মিয়া',
      village: 'চর\nপাড়া',
      union,
      dagNumber: '12/3',
      submittedAt: new Date('2026-11-20T20:30:00Z'), // 21 November in Dhaka
      fields: { khotian: '77', postOffice: 'কানসাট', pumpType: 'diesel', wellClass: 'shallow', wellSize: '0.5' },
    });
    await ctx.db
      .insertInto('licences')
      .values({
        id: crypto.randomUUID(),
        application_id: tricky.id,
        term_years: 3,
        is_testing: false,
        issued_on: '2020-01-01',
        valid_from: '2020-01-01',
        valid_to: '2023-01-01',
      })
      .execute();
    const licence = await ctx.db
      .selectFrom('licences')
      .select('licence_number')
      .where('application_id', '=', tricky.id)
      .executeTakeFirstOrThrow();
    // Another union and another list: neither is in this export.
    await registerApplication(ctx, { kind: 'Old', union: 'অন্য ইউনিয়ন' });
    await registerApplication(ctx, { kind: 'New', union });

    const res = await ctx.request(`/api/staff/register/old/export.csv?union=${encodeURIComponent(union)}`, {
      agent: badc,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="old_applicant_data.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const rows = parseCsv(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(LEGACY_HEADER);
    expect(rows[1]).toEqual([
      String(tricky.applicationNumber),
      'পুরাতন',
      'Old',
      `'=HYPERLINK("http://evil.example","ক্লিক")`,
      'রহমান, "বড়" মিয়া',
      '01712345678',
      'শিবগঞ্জ',
      'চর\nপাড়া',
      union,
      'কানসাট',
      'কানসাট',
      '12',
      '77',
      '12/3',
      '',
      'ডিজেল ইঞ্জিন চালিত',
      'অগভীর নলকূপ',
      '০.৫ কিউসেক (৩-৫ অশ্বশক্তি)',
      'Approved',
      '2026-11-21',
      String(licence.licence_number),
    ]);
    // Every cell is quoted, so the line break stays inside its cell.
    expect(text.startsWith('"applicationNumber","categoryTitle",')).toBe(true);
  });

  it('writes the new plot of a plot change in dagnumber2, and refuses roles without the register', async () => {
    await registerApplication(ctx, { kind: 'PlotChange', dagNumber: '56', fields: { newDagNumber: '57/1' } });
    const res = await ctx.request('/api/staff/register/change/export.csv?kind=PlotChange', { agent: badc });
    expect(res.headers.get('content-disposition')).toContain('change_applicant_data.csv');
    const [header, row] = parseCsv(new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()).slice(3)));
    expect(row![header!.indexOf('dagnumber')]).toBe('56');
    expect(row![header!.indexOf('dagnumber2')]).toBe('57/1');
    for (const role of ['Chairman', 'UNO', 'Pollibidut'] as const) {
      const agent = await signInAs(ctx, role);
      expect((await ctx.request('/api/staff/register/renew/export.csv', { agent })).status, role).toBe(403);
    }
  });
});

/** Counts the queries a Kysely call makes and the most rows any one of them answered. */
class RowCounter implements KyselyPlugin {
  queries = 0;
  largest = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.queries++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    this.largest = Math.max(this.largest, args.result.rows.length);
    return args.result;
  }
}

describe('an export of 100,000 applications', () => {
  const ROWS = 100_000;
  beforeAll(async () => {
    // One statement, as an office's decade of applications would be: the register's new list.
    // Its numbers in one block (offices/office-counters.ts): one default per row costs the square of the rows.
    await sql`
      INSERT INTO applications (id, application_number, kind, content_hash, intake_status, fields, applicant_name,
        father_name, mobile, upazila, village, union_name, mouza, jl_number, dag_number, stage, submitted_at,
        created_at, updated_at)
      SELECT gen_random_uuid(), block.first + g - 1, 'New', md5(g::text), 'complete',
        jsonb_build_object('pumpType', 'electric', 'wellClass', 'deep', 'wellSize', '1.0', 'khotian', g::text),
        'কৃষক ' || g, 'পিতা ' || g, '017' || lpad(g::text, 8, '0'), 'শিবগঞ্জ', 'গ্রাম ' || (g % 40),
        'ইউনিয়ন ' || (g % 15), 'মৌজা ' || (g % 60), (g % 180)::text, g::text, 'StepOne',
        now() - g * interval '1 minute', now(), now()
      FROM generate_series(1, ${ROWS}::int) AS g,
        (SELECT take_office_numbers('application', ${ROWS}) AS first) AS block
    `.execute(ctx.db);
  }, 240_000);

  it('reads the rows in keyset batches, never more than one batch at a time', async () => {
    const counter = new RowCounter();
    let n = 0;
    for await (const row of registerCsvRows(ctx.db.withPlugin(counter), 'new', { deleted: false })) {
      if (row.kind === 'New') n++;
    }
    expect(n).toBeGreaterThanOrEqual(ROWS);
    expect(counter.largest).toBe(EXPORT_BATCH);
    expect(counter.queries).toBe(Math.floor(n / EXPORT_BATCH) + 1);
  }, 240_000);

  it('streams the download with the memory it holds staying flat', async () => {
    // What the export holds at a time is what survives a full collection; garbage waiting for the
    // collector is not held. (Loading the 100,000 rows at once holds about 110 MB.)
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const held = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const res = await ctx.request('/api/staff/register/new/export.csv', { agent: badc });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const start = held();
    let peak = start;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      const buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      for (let i = buf.indexOf(0x0a); i !== -1; i = buf.indexOf(0x0a, i + 1)) lines++;
      // About one chunk a row: a full collection every 5,000 rows, some 20 samples over the download.
      if (++chunks % 5000 === 0) peak = Math.max(peak, held());
    }
    // The header and a row per application (the earlier tests' few are in the list too).
    expect(lines).toBeGreaterThan(ROWS);
    // Over 20 MB of CSV went through while a few MB were held at any time.
    expect(bytes).toBeGreaterThan(20_000_000);
    expect(peak - start).toBeLessThan(24 * 1024 * 1024);
  }, 240_000);
});
