import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addYears, todayInDhaka, type QueuePage } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { insertApplication } from './request-fixtures.js';

let ctx: TestContext;
let chairman: StaffAgent, uno: StaffAgent, badc: StaffAgent, admin: StaffAgent, pollibidut: StaffAgent;
const DAY = 86_400_000;
/** A fixed "now": 21 November 2026, 10:00 in Dhaka. */
const NOW = new Date('2026-11-21T04:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.now = NOW;
  [chairman, uno, badc, admin, pollibidut] = await Promise.all([
    signInAs(ctx, 'Chairman'),
    signInAs(ctx, 'UNO'),
    signInAs(ctx, 'BADC'),
    signInAs(ctx, 'Admin'),
    signInAs(ctx, 'Pollibidut'),
  ]);
});
afterAll(() => ctx.close());

async function list(agent: StaffAgent, queue: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await ctx.request(`/api/staff/queues/${queue}${qs ? `?${qs}` : ''}`, { agent });
  return { status: res.status, body: (await res.json()) as QueuePage & { error?: { code: string } } };
}

describe('the new-application lists', () => {
  const numbers: number[] = [];
  beforeAll(async () => {
    // 23 unseen at the chairman, one a day, the newest yesterday; one village spelled in Latin letters.
    for (let i = 0; i < 23; i++) {
      const app = await insertApplication(ctx, {
        applicantName: `আবেদনকারী ${String(i).padStart(2, '0')}`,
        village: i === 7 ? 'Kansat Bazar' : `গ্রাম ${i}`,
        mobile: `0171000${String(i).padStart(4, '0')}`,
        dagNumber: i === 11 ? '9987' : String(100 + i),
        submittedAt: new Date(NOW.getTime() - (23 - i) * DAY),
      });
      numbers.push(app.applicationNumber);
    }
    // Three the chairman has forwarded, and two still receiving files (never listed).
    for (let i = 0; i < 3; i++)
      await insertApplication(ctx, { stage: 'StepTwo', seen: { chairman: true }, submittedAt: NOW });
    for (let i = 0; i < 2; i++) await insertApplication(ctx, { intakeStatus: 'receiving', submittedAt: NOW });
  });

  it('pages the chairman’s unseen list with the total, newest first, and the seen/unseen counters', async () => {
    const first = await list(chairman, 'chairman-unseen', { pageSize: 10 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 23, page: 1, pageSize: 10, counters: { seen: 3, unseen: 23 } });
    expect(first.body.rows).toHaveLength(10);
    expect(first.body.rows[0]!.applicantName).toBe('আবেদনকারী 22');
    const last = await list(chairman, 'chairman-unseen', { pageSize: 10, page: 3 });
    expect(last.body.rows.map((r) => r.applicantName)).toEqual(['আবেদনকারী 02', 'আবেদনকারী 01', 'আবেদনকারী 00']);
    expect(last.body.rows[0]).toMatchObject({ stage: 'StepOne', latitude: 24.7, longitude: 88.2, licenceNumber: null });
  });

  it('sorts by a chosen column both ways', async () => {
    const asc = await list(chairman, 'chairman-unseen', { sort: 'applicationNumber', dir: 'asc', pageSize: 5 });
    expect(asc.body.rows.map((r) => r.applicationNumber)).toEqual(numbers.slice(0, 5));
    const desc = await list(chairman, 'chairman-unseen', { sort: 'mobile', dir: 'desc', pageSize: 5 });
    expect(desc.body.rows[0]!.mobile).toBe('01710000022');
  });

  it('searches case-insensitively across name, village, mobile, dag number, application number and date', async () => {
    expect((await list(chairman, 'chairman-unseen', { q: 'KANSAT bazar' })).body.rows.map((r) => r.village)).toEqual([
      'Kansat Bazar',
    ]);
    expect((await list(chairman, 'chairman-unseen', { q: 'আবেদনকারী 1' })).body.total).toBe(10);
    // Bangla digits are searched as Latin ones.
    expect((await list(chairman, 'chairman-unseen', { q: '০১৭১০০০০০০৫' })).body.rows.map((r) => r.mobile)).toEqual([
      '01710000005',
    ]);
    expect((await list(chairman, 'chairman-unseen', { q: '৯৯৮৭' })).body.rows.map((r) => r.dagNumber)).toEqual([
      '9987',
    ]);
    const byNumber = await list(chairman, 'chairman-unseen', { q: String(numbers[4]) });
    expect(byNumber.body.rows.map((r) => r.applicationNumber)).toContain(numbers[4]);
    // Submitted 3 days before "now": 18 November 2026 in Dhaka, typed day-month-year.
    const byDate = await list(chairman, 'chairman-unseen', { q: '18-11-2026' });
    expect(byDate.body.rows.map((r) => r.applicantName)).toEqual(['আবেদনকারী 20']);
    // A LIKE wildcard typed by the officer is a character, not "anything".
    expect((await list(chairman, 'chairman-unseen', { q: '%' })).body.total).toBe(0);
    expect((await list(chairman, 'chairman-unseen', { q: 'nothing like this' })).body).toMatchObject({
      total: 0,
      rows: [],
    });
  });

  it('shows the seen list to the chairman and the forwarded ones to the UNO as unseen', async () => {
    expect((await list(chairman, 'chairman-seen')).body.total).toBe(3);
    expect((await list(uno, 'uno-unseen')).body).toMatchObject({ total: 3, counters: { seen: 0, unseen: 3 } });
  });

  it('refuses lists to roles that do not work them, and odd page sizes', async () => {
    expect((await list(uno, 'chairman-unseen')).status).toBe(403);
    expect((await list(badc, 'chairman-seen')).status).toBe(403);
    expect((await list(admin, 'pending')).status).toBe(403);
    expect((await list(pollibidut, 'pending')).status).toBe(403);
    expect((await list(pollibidut, 'active')).status).toBe(200);
    expect((await ctx.request('/api/staff/queues/pending')).status).toBe(401);
    expect((await list(chairman, 'chairman-unseen', { pageSize: 7 })).status).toBe(400);
    expect((await list(chairman, 'no-such-queue')).status).toBe(400);
  });
});

describe('licence lists', () => {
  const today = todayInDhaka(NOW);
  /** A licence as LICENCES' writer leaves it; the application that issued it stays Approved (decision 022). */
  async function licensed(name: string, suspended: boolean, testing: boolean, validTo: string) {
    const { id } = await insertApplication(ctx, {
      applicantName: name,
      stage: 'Approved',
      seen: { chairman: true, uno: true, badc: true },
    });
    const termYears = testing ? 1 : 3;
    await ctx.db
      .insertInto('licences')
      .values({
        id: crypto.randomUUID(),
        application_id: id,
        term_years: termYears,
        is_testing: testing,
        issued_on: addYears(validTo, -termYears),
        valid_from: addYears(validTo, -termYears),
        valid_to: validTo,
        status: suspended ? 'suspended' : 'active',
        holder_name: `${name} (লাইসেন্সধারী)`,
      })
      .execute();
  }
  beforeAll(async () => {
    await licensed('পরীক্ষামূলক', false, true, addYears(today, 1));
    await licensed('শেষ দিনে সক্রিয়', false, false, today);
    await licensed('নিয়মিত', false, false, addYears(today, 2));
    await licensed('মেয়াদোত্তীর্ণ', false, false, addYears(today, -1));
    await licensed('স্থগিত', true, false, addYears(today, 1));
  });
  const names = async (queue: string) =>
    (await list(badc, queue, { sort: 'validTo', dir: 'asc' })).body.rows.map((r) => r.applicantName);

  it('splits licences into testing, active, expired and suspended by their own status and Dhaka’s date', async () => {
    expect(await names('licence-testing')).toEqual(['পরীক্ষামূলক']);
    expect(await names('licence-active')).toEqual(['শেষ দিনে সক্রিয়', 'নিয়মিত']);
    expect(await names('licence-expired')).toEqual(['মেয়াদোত্তীর্ণ']);
    expect(await names('licence-suspended')).toEqual(['স্থগিত']);
  });

  it('gives each licence row the licence’s id, version, status and holder name for the row actions', async () => {
    const [row] = (await list(badc, 'licence-suspended')).body.rows;
    const licence = await ctx.db
      .selectFrom('licences')
      .select(['id', 'version'])
      .where('application_id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      licenceId: licence.id,
      licenceVersion: licence.version,
      licenceStatus: 'suspended',
      holderName: 'স্থগিত (লাইসেন্সধারী)',
      stage: 'Approved',
    });
  });

  it('finds a licence by its number and its expiry date', async () => {
    const all = await list(badc, 'licence-active');
    const number = all.body.rows[0]!.licenceNumber!;
    expect((await list(badc, 'licence-active', { q: String(number) })).body.rows.map((r) => r.licenceNumber)).toContain(
      number,
    );
    const [y, m, d] = addYears(today, 2).split('-');
    expect((await list(badc, 'licence-active', { q: `${d}-${m}-${y}` })).body.rows.map((r) => r.applicantName)).toEqual(
      ['নিয়মিত'],
    );
  });
});

describe('forward all', () => {
  it('forwards every unseen application of the level at once, an audit row each, once per clientActionId', async () => {
    const { total: before, counters } = (await list(chairman, 'chairman-unseen')).body;
    expect(before).toBeGreaterThan(20);
    const clientActionId = crypto.randomUUID();
    const send = (agent: StaffAgent, queue = 'chairman-unseen') =>
      ctx.request(`/api/staff/queues/${queue}/forward-all`, { method: 'POST', agent, json: { clientActionId } });

    expect((await send(uno)).status).toBe(403);
    expect((await send(badc)).status).toBe(403);
    const res = await send(chairman);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ forwarded: before });
    const again = await send(chairman);
    expect(await again.json()).toEqual({ forwarded: before });

    expect((await list(chairman, 'chairman-unseen')).body.total).toBe(0);
    expect((await list(chairman, 'chairman-seen')).body.counters).toEqual({ seen: counters.seen + before, unseen: 0 });
    expect((await list(uno, 'uno-unseen')).body.total).toBe(before + 3);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('action', '=', 'forward')
      .where('actor_label', '=', chairman.email)
      .executeTakeFirstOrThrow();
    expect(Number(audit.n)).toBe(before);

    // The UNO forwards its level the same way, with its own key.
    const unoRes = await ctx.request('/api/staff/queues/uno-unseen/forward-all', {
      method: 'POST',
      agent: uno,
      json: { clientActionId: crypto.randomUUID() },
    });
    expect(await unoRes.json()).toEqual({ forwarded: before + 3 });
    expect((await list(badc, 'badc-unseen')).body).toMatchObject({
      total: before + 3,
      counters: { unseen: before + 3 },
    });
  });

  it('has no forward-all on the other lists', async () => {
    const res = await ctx.request('/api/staff/queues/pending/forward-all', {
      method: 'POST',
      agent: badc,
      json: { clientActionId: crypto.randomUUID() },
    });
    expect(res.status).toBe(403);
  });
});
