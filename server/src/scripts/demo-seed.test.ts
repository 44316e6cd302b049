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
import { createTestContext, type TestContext } from '../test/harness.js';
import { countOverdue } from '../deadlines/deadlines.repository.js';
import { getSettings } from '../features/settings/settings.repository.js';
import { tileArchive } from '../tiles/tile-archive.js';
import { tileOf } from '../tiles/tile-math.js';
import { DEMO_SMALL, seedDemoOffice, type DemoReport } from './demo-office.js';
import { DEMO_TILES_NAME, writeDemoTiles } from './demo-tiles.js';

/**
 * The demo seed (docs/decisions/053-demo-seed.md), its small size on a test database: what a
 * newcomer notices first must be there — the office's settings and place, a year of dated work
 * with some of it overdue, licences ending within the month, content on every public page, and
 * every kind of request at every stage of its review.
 */
let ctx: TestContext;
let report: DemoReport;
const now = new Date();
const today = todayInDhaka(now);

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: 'http://localhost:3999' });
  report = await seedDemoOffice({ db: ctx.db, config: ctx.deps.config }, { ...DEMO_SMALL, now });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

const json = async <T>(p: string) => {
  const res = await ctx.request(p);
  expect(res.status, p).toBe(200);
  return (await res.json()) as T;
};

describe('the demo office', () => {
  it('has its settings: the upazila, the district, its web address and a map point among its wells', async () => {
    const s = await json<PublicSettings>('/api/public/settings');
    expect(s).toMatchObject({ address: 'শিবগঞ্জ', jilla: 'চাঁপাইনবাবগঞ্জ', webUrl: 'http://localhost:3999' });
    expect(s.headline.length).toBeGreaterThan(20);
    expect(s.websiteName).not.toBe('');
    expect(Math.abs(s.officeLatitude - 24.68)).toBeLessThan(0.05);
    expect(Math.abs(s.officeLongitude - 88.16)).toBeLessThan(0.05);
    const wells = await ctx.db
      .selectFrom('applications')
      .select([sql<number>`avg(latitude)`.as('lat'), sql<number>`avg(longitude)`.as('lng')])
      .where('latitude', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Math.abs(Number(wells.lat) - s.officeLatitude)).toBeLessThan(0.05);
    expect(Math.abs(Number(wells.lng) - s.officeLongitude)).toBeLessThan(0.05);
  });

  it('has one staff account per role, one password, and no session left open', async () => {
    expect(report.staff.map((s) => s.role)).toEqual([...STAFF_ROLES]);
    expect(report.password.length).toBeGreaterThanOrEqual(16);
    const login = await ctx.request('/api/auth/login', {
      method: 'POST',
      json: { email: 'badc@demo.local', password: report.password },
    });
    expect(login.status).toBe(200);
    const sessions = await ctx.db.selectFrom('staff_sessions').select('user_id').execute();
    expect(sessions).toHaveLength(1);
  });

  it('holds every kind of request at every stage of its review', async () => {
    const rows = await ctx.db
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
        for (const stage of stages) expect(held, `${kind} at ${stage}`).toContain(`${kind} ${stage}`);
      }
    }
    expect(held).toContain('Old Approved');
    const services = await ctx.db
      .selectFrom('complaints')
      .select('status')
      .unionAll(ctx.db.selectFrom('copy_requests').select('status'))
      .execute();
    expect(new Set(services.map((s) => s.status))).toEqual(new Set(['received', 'resolved', 'in_progress']));
    const asked = await ctx.db
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

  it('dates its work over a year, so stage ages are real and some requests are overdue', async () => {
    const span = await ctx.db
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

    const stages = await countOverdue(ctx.db, today, deadlineRules(await getSettings(ctx.db)));
    const overdue = stages.filter((s) => s.overdue > 0);
    expect(overdue.length).toBeGreaterThanOrEqual(3);
    // …and not everything: most open requests are within their targets.
    const open = stages.reduce((n, s) => n + s.open, 0);
    expect(overdue.reduce((n, s) => n + s.overdue, 0)).toBeLessThan(open);
    expect(new Set(overdue.map((s) => s.pipeline))).toEqual(new Set(['new', 'renewal', 'change']));
  });

  it('has licences ending within the month, with their reminders queued, and expired ones', async () => {
    const licences = await ctx.db.selectFrom('licences').select(['valid_to', 'status', 'is_testing']).execute();
    const in30 = new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(licences.filter((l) => l.valid_to >= today && l.valid_to <= in30).length).toBeGreaterThanOrEqual(2);
    expect(licences.filter((l) => l.valid_to < today).length).toBeGreaterThanOrEqual(2);
    expect(licences.some((l) => l.status === 'suspended')).toBe(true);
    expect(licences.some((l) => l.is_testing)).toBe(true);
    const outbox = await ctx.db.selectFrom('sms_outbox').select(['kind', 'status', 'body']).execute();
    const reminders = outbox.filter((m) => m.kind === 'licenceExpiry');
    expect(reminders.length).toBe(report.counts.reminder);
    expect(reminders.every((m) => m.status === 'pending')).toBe(true);
    // The year's texts went out when they were queued, each with the site it came from.
    expect(outbox.filter((m) => m.kind !== 'licenceExpiry').every((m) => m.status === 'sent')).toBe(true);
    expect(outbox.find((m) => m.kind === 'approved')?.body).toContain('localhost:3999');
  });

  it('has content on every public page', async () => {
    expect((await json<unknown[]>('/api/public/notices')).length).toBeGreaterThanOrEqual(3);
    const downloads = await json<PublicDownload[]>('/api/public/downloads');
    expect(downloads.length).toBeGreaterThanOrEqual(2);
    expect(downloads.every((d) => d.mime === 'application/pdf')).toBe(true);
    const videos = await json<VideoGallery>('/api/public/videos');
    expect(videos.slots.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    for (const slug of ['policies', 'application-instruction', 'about-us']) {
      expect((await json<{ html: string }>(`/api/public/pages/${slug}`)).html.length, slug).toBeGreaterThan(50);
    }
    for (const gallery of ['slider', 'gallery', 'geo']) {
      expect((await json<unknown[]>(`/api/public/galleries/${gallery}`)).length, gallery).toBeGreaterThanOrEqual(3);
    }
    const archive = await ctx.db.selectFrom('archive_files').select('visibility').execute();
    expect(archive.some((a) => a.visibility === 'Private')).toBe(true);
    expect((await ctx.db.selectFrom('contact_messages').select('id').execute()).length).toBeGreaterThanOrEqual(3);
    expect((await ctx.db.selectFrom('resolutions').select('id').execute()).length).toBeGreaterThanOrEqual(1);
  });

  it('names applications worth opening, each by a number that exists', async () => {
    expect(report.highlights.length).toBeGreaterThan(20);
    const numbers = await ctx.db
      .selectFrom('applications')
      .select('application_number')
      .where(
        'application_number',
        'in',
        report.highlights.map((h) => h.number),
      )
      .execute();
    expect(numbers).toHaveLength(new Set(report.highlights.map((h) => h.number)).size);
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
    const { x, y } = tileOf(24.68, 88.16, 11);
    const png = await archive!.tile(11, x, y);
    expect(Buffer.from(png!).subarray(1, 4).toString()).toBe('PNG');
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
