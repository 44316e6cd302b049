import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  PIPELINE_KINDS,
  STAFF_ROLES,
  TIMED_STAGES,
  deadlineRules,
  todayInDhaka,
  type PublicDownload,
  type PublicSettings,
  type VideoGallery,
} from '@portal/shared';
import { Agent, createTestContext, type TestContext } from '../test/harness.js';
import { hashPassword } from '../modules/auth/password.js';
import type { Database } from '../platform/db/database.js';
import { OFFICE_TABLES } from '../platform/db/office-filter.js';
import { countOverdue } from '../modules/deadlines/deadlines.repository.js';
import { getSettings } from '../modules/settings/settings.repository.js';
import { listOffices } from '../modules/offices/offices.repository.js';
import { tileArchive } from '../modules/tiles/tile-archive.js';
import { tileOf } from '../modules/tiles/tile-math.js';
import { DEMO_SMALL, type DemoReport } from './demo-office.js';
import { demoRefusal, seedDemoOffices, type DemoOfficeSeeded } from './demo-offices.js';
import { seedNationalAccounts } from './demo-national.js';
import { DEMO_PLACES } from './demo-places.js';
import { DEMO_TILES_NAME, writeDemoTiles } from './demo-tiles.js';

/**
 * The demo seed (docs/decisions/053-demo-seed.md), its small size on a test database: three offices
 * in three districts and divisions (docs/decisions/057-offices.md), each at its own address with its
 * own staff, settings and requests, none carrying another's marks; and in office 1, what a newcomer
 * notices first — the office's settings and place, a year of dated work with some of it overdue,
 * licences ending within the month, content on every public page, and every kind of request at
 * every stage of its review.
 */
let ctx: TestContext;
let offices: DemoOfficeSeeded[];
let report: DemoReport;
/** Office 1's view, as its requests and jobs see it. */
let db: Database;
let refusedBefore: string | null;
const now = new Date();
const today = todayInDhaka(now);

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'http://localhost:3999' });
  refusedBefore = await demoRefusal(ctx.baseDb);
  offices = await seedDemoOffices(ctx.baseDb, ctx.deps.config, { sizes: [DEMO_SMALL, DEMO_SMALL, DEMO_SMALL], now });
  report = offices[0]!.report;
  db = offices[0]!.db;
}, 240_000);
afterAll(async () => {
  await ctx?.close();
});

/** A path at an office's own address (the harness's requests go to http://localhost otherwise). */
const at = (office: DemoOfficeSeeded, p: string) => `http://${office.place.host}${p}`;
const json = async <T>(url: string, agent?: Agent) => {
  const res = await ctx.request(url, { agent });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
};

/** Every kind of request at every stage of its review, in one office. */
async function expectEveryStage(db: Database, office: string) {
  const rows = await db
    .selectFrom('applications')
    .select(['kind', 'stage'])
    .where('intake_status', '=', 'complete')
    .groupBy(['kind', 'stage'])
    .execute();
  const held = new Set(rows.map((r) => `${r.kind} ${r.stage}`));
  for (const [pipeline, kinds] of Object.entries(PIPELINE_KINDS)) {
    const stages = [...TIMED_STAGES[pipeline as keyof typeof TIMED_STAGES], 'Approved', 'Decline'];
    // The register's old records ('Old') are entered approved; they have no review.
    for (const kind of kinds.filter((k) => k !== 'Old')) {
      for (const stage of stages) expect(held, `${office}: ${kind} at ${stage}`).toContain(`${kind} ${stage}`);
    }
  }
  expect(held).toContain('Old Approved');
  const services = await db
    .selectFrom('complaints')
    .select('status')
    .unionAll(db.selectFrom('copy_requests').select('status'))
    .execute();
  expect(new Set(services.map((s) => s.status))).toEqual(new Set(['received', 'resolved', 'in_progress']));
}

describe('the demo offices', () => {
  it('are three, in three districts and three divisions, each at its own address; localhost lists them', async () => {
    const listed = await listOffices(ctx.baseDb);
    expect(listed.map((o) => [o.id, o.code, o.host, o.open])).toEqual([
      [1, 'u159', 'shibganj.localhost', true],
      [2, 'u317', 'kaliganj.localhost', true],
      [3, 'u444', 'mithapukur.localhost', true],
    ]);
    expect(listed.map((o) => o.nameEn)).toEqual(['Shibganj', 'Kaliganj', 'Mithapukur']);
    expect(new Set(listed.map((o) => o.district?.id)).size).toBe(3);
    expect(new Set(listed.map((o) => o.division?.id)).size).toBe(3);

    // A host no office claims is the national address: the list, and no office's API.
    const home = await ctx.request('http://localhost/');
    expect(home.status).toBe(200);
    const page = await home.text();
    for (const place of DEMO_PLACES) expect(page).toContain(`http://${place.host}`);
    const refused = await ctx.request('http://localhost/api/public/notices');
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('OFFICE_NOT_CHOSEN');

    // The seed fills only a database of its own, and this one is no longer one.
    expect(refusedBefore).toBeNull();
    expect(await demoRefusal(ctx.baseDb)).toBe('offices');
  });

  it('each has its own staff with one password between them, and no session left open', async () => {
    const members = await ctx.baseDb
      .selectFrom('staff_roles as r')
      .innerJoin('staff_users as u', 'u.id', 'r.user_id')
      .select(['r.office_id', 'r.role', 'u.email'])
      .orderBy('r.office_id')
      .orderBy('u.id')
      .execute();
    for (const office of offices) {
      const { place, report: r } = office;
      expect(r.password).toBe(report.password);
      expect(r.staff.map((s) => s.role)).toEqual([...STAFF_ROLES]);
      const here = members.filter((m) => m.office_id === office.id);
      expect(here.map((m) => [m.role, m.email])).toEqual(r.staff.map((s) => [s.role, s.email]));
      expect(
        here.every((m) => m.email.endsWith(`@${place.mail}`)),
        place.upazilaEn,
      ).toBe(true);
      const login = await ctx.request(at(office, '/api/auth/login'), {
        method: 'POST',
        json: { email: r.staff.find((s) => s.role === 'BADC')!.email, password: r.password },
      });
      expect(login.status, place.host).toBe(200);
    }
    // Office 1 keeps the addresses the demo has always printed.
    expect(report.staff[0]!.email).toBe('admin@demo.local');
    expect(report.password.length).toBeGreaterThanOrEqual(16);
    // The seed's own sessions are ended; only the three sign-ins above are open.
    const sessions = await ctx.baseDb.selectFrom('staff_sessions').select('user_id').execute();
    expect(sessions).toHaveLength(offices.length);
  });

  it('has a national administrator and a district viewer, who see their offices on the national address', async () => {
    const accounts = await seedNationalAccounts(
      ctx.baseDb,
      offices,
      { password: report.password, hash: await hashPassword(report.password) },
      'http://localhost:3999',
    );
    expect(accounts.map((a) => [a.email, a.signIn])).toEqual([
      ['national@demo.local', 'http://localhost:3999/login'],
      ['district@demo.local', 'http://localhost:3999/login'],
    ]);
    const seen = async (email: string) => {
      const agent = new Agent();
      const login = await ctx.request('http://localhost/api/auth/login', {
        method: 'POST',
        json: { email, password: report.password },
        agent,
      });
      expect(login.status, email).toBe(200);
      const overview = await json<{ offices: { code: string }[] }>('http://localhost/api/national/offices', agent);
      await ctx.request('http://localhost/api/auth/logout', { method: 'POST', agent });
      return overview.offices.map((o) => o.code);
    };
    expect(await seen('national@demo.local')).toEqual(offices.map((o) => `u${o.place.upazilaId}`));
    expect(await seen('district@demo.local')).toEqual([`u${offices[0]!.place.upazilaId}`]);
  });

  it('each has its settings: its upazila, district, headline, address and a map point among its wells', async () => {
    const headlines = new Set<string>();
    for (const office of offices) {
      const { place } = office;
      const s = await json<PublicSettings>(at(office, '/api/public/settings'));
      expect(s).toMatchObject({
        address: place.upazila,
        jilla: place.district,
        headline: place.headline,
        webUrl: `http://${place.host}:3999`,
      });
      expect(s.websiteName).toContain(place.upazila);
      headlines.add(s.headline);
      expect(Math.abs(s.officeLatitude - place.office.latitude)).toBeLessThan(0.001);
      expect(Math.abs(s.officeLongitude - place.office.longitude)).toBeLessThan(0.001);
      const wells = await office.db
        .selectFrom('applications')
        .select([sql<number>`avg(latitude)`.as('lat'), sql<number>`avg(longitude)`.as('lng')])
        .where('latitude', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(Math.abs(Number(wells.lat) - s.officeLatitude), place.upazilaEn).toBeLessThan(0.05);
      expect(Math.abs(Number(wells.lng) - s.officeLongitude), place.upazilaEn).toBeLessThan(0.05);
    }
    expect(headlines.size).toBe(offices.length);
    // Office 1 stays where the demo has always been.
    expect(offices[0]!.place.office).toEqual({ latitude: 24.6833, longitude: 88.1583 });
  });

  it('each holds every kind of request at every stage, numbered in the office from 1', async () => {
    for (const office of offices) {
      await expectEveryStage(office.db, office.place.upazilaEn);
      const numbers = await office.db
        .selectFrom('applications')
        .select([sql<number>`min(application_number)::int`.as('first'), sql<number>`count(*)::int`.as('n')])
        .executeTakeFirstOrThrow();
      expect(numbers.first, office.place.upazilaEn).toBe(1);
    }
    const asked = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['requestRecheck', 'licence.suspend', 'licence.reactivate', 'licence.confirm'])
      .groupBy('action')
      .execute();
    expect(asked.map((a) => a.action).sort()).toEqual([
      'licence.confirm',
      'licence.reactivate',
      'licence.suspend',
      'requestRecheck',
    ]);
  });

  it("keeps each office's rows free of another office's marks", async () => {
    // Every text and JSON column of every office table, read past the wall by the owner, row by row:
    // a row written through the wrong address or scope would name another upazila, district or host.
    const columns = await sql<{ table_name: string; column_name: string }>`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'json', 'jsonb')
        AND table_name = ANY(${[...OFFICE_TABLES]})
      ORDER BY table_name, ordinal_position`.execute(ctx.baseDb);
    const tables = new Map<string, string[]>();
    for (const c of columns.rows) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c.column_name]);
    const marks = offices.map((o) => [o.place.upazila, o.place.district, o.place.slug]);
    const seen = new Map<number, number>();
    for (const [table, cols] of tables) {
      const rows = await sql<{ office_id: number; text: string }>`
        SELECT office_id, concat_ws(' ', ${sql.join(cols.map((c) => sql`${sql.ref(c)}::text`))}) AS text
        FROM ${sql.table(table)}`.execute(ctx.baseDb);
      for (const row of rows.rows) {
        const i = offices.findIndex((o) => o.id === row.office_id);
        expect(i, `${table}: office ${row.office_id}`).toBeGreaterThanOrEqual(0);
        seen.set(row.office_id, (seen.get(row.office_id) ?? 0) + 1);
        for (const [j, other] of marks.entries()) {
          if (j === i) continue;
          for (const mark of other)
            expect(row.text.includes(mark), `${table} of office ${row.office_id}: ${mark}`).toBe(false);
        }
      }
    }
    // …and each office wrote a good many rows of its own.
    for (const office of offices) expect(seen.get(office.id) ?? 0, office.place.upazilaEn).toBeGreaterThan(200);
    // Its wells stand around its own upazila, its texts name its own address.
    const wells = await ctx.baseDb
      .selectFrom('applications')
      .select(['office_id', 'latitude', 'longitude'])
      .where('latitude', 'is not', null)
      .execute();
    for (const w of wells) {
      const { place } = offices.find((o) => o.id === w.office_id)!;
      expect(Math.abs(Number(w.latitude) - place.wells.latitude), place.upazilaEn).toBeLessThan(0.1);
      expect(Math.abs(Number(w.longitude) - place.wells.longitude), place.upazilaEn).toBeLessThan(0.1);
    }
    for (const office of offices) {
      const approved = await office.db
        .selectFrom('sms_outbox')
        .select('body')
        .where('kind', '=', 'approved')
        .executeTakeFirstOrThrow();
      expect(approved.body).toContain(`${office.place.host}:3999`);
    }
  });

  it('dates its work over a year, so stage ages are real and some requests are overdue', async () => {
    const span = await db
      .selectFrom('applications')
      .select([
        sql<Date>`min(submitted_at)`.as('first'),
        sql<Date>`max(stage_since)`.as('last'),
        sql<number>`count(*) filter (where stage_since > ${now})::int`.as('ahead'),
        sql<number>`count(*) filter (where stage_since < submitted_at)::int`.as('before'),
      ])
      .where('kind', '<>', 'Old')
      .where('intake_status', '=', 'complete')
      .executeTakeFirstOrThrow();
    expect(now.getTime() - new Date(span.first).getTime()).toBeGreaterThan(300 * 86_400_000);
    expect(new Date(span.last).getTime()).toBeLessThanOrEqual(now.getTime());
    expect(span.ahead).toBe(0);
    expect(span.before).toBe(0);

    const stages = await countOverdue(db, today, deadlineRules(await getSettings(db)));
    const overdue = stages.filter((s) => s.overdue > 0);
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    // …and not everything: most open requests are within their targets.
    const open = stages.reduce((n, s) => n + s.open, 0);
    expect(overdue.reduce((n, s) => n + s.overdue, 0)).toBeLessThan(open);
    expect(new Set(overdue.map((s) => s.pipeline))).toEqual(new Set(['new', 'renewal', 'change']));
  });

  it('has licences ending within the month, with their reminders queued, and expired ones', async () => {
    const licences = await db.selectFrom('licences').select(['valid_to', 'status', 'is_testing']).execute();
    const in30 = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(licences.filter((l) => l.valid_to >= today && l.valid_to <= in30).length).toBeGreaterThanOrEqual(2);
    expect(licences.filter((l) => l.valid_to < today).length).toBeGreaterThanOrEqual(2);
    expect(licences.some((l) => l.status === 'suspended')).toBe(true);
    expect(licences.some((l) => l.is_testing)).toBe(true);
    const outbox = await db.selectFrom('sms_outbox').select(['kind', 'status', 'body']).execute();
    const reminders = outbox.filter((m) => m.kind === 'licenceExpiry');
    expect(reminders.length).toBe(report.counts.reminder);
    expect(reminders.every((m) => m.status === 'pending')).toBe(true);
    // The year's texts went out when they were queued, each with the site it came from.
    expect(outbox.filter((m) => m.kind !== 'licenceExpiry').every((m) => m.status === 'sent')).toBe(true);
    expect(outbox.find((m) => m.kind === 'approved')?.body).toContain('shibganj.localhost:3999');
  });

  it('each has content on every public page', async () => {
    for (const office of offices) {
      const url = (p: string) => at(office, p);
      expect((await json<unknown[]>(url('/api/public/notices'))).length).toBeGreaterThanOrEqual(3);
      const downloads = await json<PublicDownload[]>(url('/api/public/downloads'));
      expect(downloads.length).toBeGreaterThanOrEqual(2);
      expect(downloads.every((d) => d.mime === 'application/pdf')).toBe(true);
      const videos = await json<VideoGallery>(url('/api/public/videos'));
      expect(videos.slots.filter(Boolean).length).toBeGreaterThanOrEqual(1);
      for (const slug of ['policies', 'application-instruction', 'about-us']) {
        expect((await json<{ html: string }>(url(`/api/public/pages/${slug}`))).html.length, slug).toBeGreaterThan(50);
      }
      for (const gallery of ['slider', 'gallery', 'geo']) {
        expect((await json<unknown[]>(url(`/api/public/galleries/${gallery}`))).length, gallery).toBeGreaterThanOrEqual(
          3,
        );
      }
      const archive = await office.db.selectFrom('archive_files').select('visibility').execute();
      expect(archive.some((a) => a.visibility === 'Private')).toBe(true);
      expect((await office.db.selectFrom('contact_messages').select('id').execute()).length).toBeGreaterThanOrEqual(3);
      expect((await office.db.selectFrom('resolutions').select('id').execute()).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('names applications worth opening, each by a number that exists in its office', async () => {
    for (const { report: r, db: officeDb } of offices) {
      expect(r.highlights.length).toBeGreaterThan(20);
      const numbers = await officeDb
        .selectFrom('applications')
        .select('application_number')
        .where(
          'application_number',
          'in',
          r.highlights.map((h) => h.number),
        )
        .execute();
      expect(numbers).toHaveLength(new Set(r.highlights.map((h) => h.number)).size);
    }
  });
});

describe('the demo tile archive', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-tiles-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is written where the portal finds it, and written again over itself', async () => {
    const dir = dataDir();
    const first = await writeDemoTiles(dir, { zooms: { min: 10, max: 11 } });
    expect(first.file).toBe(path.join(dir, 'tiles', DEMO_TILES_NAME));
    const again = await writeDemoTiles(dir, { zooms: { min: 10, max: 11 } });
    expect(again.tiles).toBe(first.tiles);
    const archive = await tileArchive(dir);
    expect(archive).toMatchObject({ minZoom: 10, maxZoom: 11, ext: 'png' });
    // Around every demo office's wells.
    for (const { wells } of DEMO_PLACES) {
      const { x, y } = tileOf(wells.latitude, wells.longitude, 11);
      const png = await archive!.tile(11, x, y);
      expect(Buffer.from(png!).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it('never goes beside another archive', async () => {
    const dir = dataDir();
    fs.mkdirSync(path.join(dir, 'tiles'));
    fs.writeFileSync(path.join(dir, 'tiles', 'upazila.pmtiles'), 'a real one');
    const result = await writeDemoTiles(dir, { zooms: { min: 10, max: 10 } });
    expect(result).toMatchObject({ file: null, others: ['upazila.pmtiles'] });
    expect(fs.readdirSync(path.join(dir, 'tiles'))).toEqual(['upazila.pmtiles']);
  });
});
