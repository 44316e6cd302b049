import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTAKE_LIMITS } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { body as serviceBody, serviceFiles, PATH } from '../services/services-fixtures.js';
import {
  jsonOf,
  problemOf,
  putFile,
  requiredFiles,
  submission,
  type FileSet,
} from '../applications/intake-fixtures.js';

/** Issue 7: abuse limits on citizen intake (docs/decisions/015-abuse-limits-and-exports.md). */

let ctx: TestContext;
beforeEach(async () => {
  // Each phone (or office) is told apart by its address, given here as X-Forwarded-For.
  ctx = await createTestContext({ trustProxyHops: 1 });
});
afterEach(async () => {
  await ctx.close();
});

const HOUR_MS = 60 * 60 * 1000;
/** These tests send a hundred or more requests; the shared test machines are slow at times. */
const MANY_REQUESTS = { timeout: 180_000 };
const files = requiredFiles();

function post(json: unknown, address: string, path = '/api/intake/new') {
  return ctx.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': address } });
}

/** `n` new applications from one address, each must be accepted. */
async function acceptN(n: number, address: string) {
  for (let i = 0; i < n; i++) expect((await post(submission(files), address)).status).toBe(201);
}

describe('new submissions per address', () => {
  it(
    'accepts 20 an hour from one address, then refuses with 429, Retry-After and a Bangla message',
    MANY_REQUESTS,
    async () => {
      const office = '203.0.113.10';
      const first = submission(files);
      const firstAnswer = await jsonOf<{ referenceNumber: number }>(await post(first, office));
      await acceptN(INTAKE_LIMITS.newPerAddressPerHour - 1, office);

      const refused = await post(submission(files), office);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      const problem = await problemOf(refused);
      expect(problem.code).toBe('SUBMISSIONS_LIMITED');
      expect(problem.message).toMatch(/ফোনে রাখা আছে/);
      expect(problem.retryAfterSeconds).toBe(retryAfter);
      expect(await ctx.db.selectFrom('applications').select('id').execute()).toHaveLength(
        INTAKE_LIMITS.newPerAddressPerHour,
      );

      // A repeat of an accepted item is still answered with its number, and another address is not limited.
      const repeat = await post(first, office);
      expect(repeat.status).toBe(200);
      expect((await jsonOf<{ referenceNumber: number }>(repeat)).referenceNumber).toBe(firstAnswer.referenceNumber);
      expect((await post(submission(files), '203.0.113.11')).status).toBe(201);

      ctx.clock.advance(HOUR_MS + 1000);
      expect((await post(submission(files), office)).status).toBe(201);
    },
  );

  it(
    "never counts the outbox's repeats of one item: 30 retries, then 19 more new ones still fit",
    MANY_REQUESTS,
    async () => {
      const phone = '198.51.100.7';
      const item = submission(files);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await post(item, phone)).status);
      expect(statuses).toEqual([201, ...Array(29).fill(200)]);
      await acceptN(INTAKE_LIMITS.newPerAddressPerHour - 1, phone);
      expect((await post(submission(files), phone)).status).toBe(429);
    },
  );

  it('allows 100 a day from one address, spread over the hours', MANY_REQUESTS, async () => {
    const centre = '192.0.2.50';
    const perHour = INTAKE_LIMITS.newPerAddressPerHour;
    for (let sent = 0; sent < INTAKE_LIMITS.newPerAddressPerDay; sent += perHour) {
      await acceptN(Math.min(perHour, INTAKE_LIMITS.newPerAddressPerDay - sent), centre);
      ctx.clock.advance(HOUR_MS + 1000);
    }
    const refused = await post(submission(files), centre);
    expect(refused.status).toBe(429);
    // The day's window: the first of the day's submissions leaves it in about 19 hours.
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    ctx.clock.advance(24 * HOUR_MS);
    expect((await post(submission(files), centre)).status).toBe(201);
  });

  it(
    'counts complaints and copy requests in the same budget, and refuses them the same way',
    MANY_REQUESTS,
    async () => {
      const address = '192.0.2.60';
      await acceptN(INTAKE_LIMITS.newPerAddressPerHour - 2, address);
      const complaint = serviceBody('complaint', serviceFiles('complaint'));
      expect((await post(complaint, address, PATH.complaint)).status).toBe(201);
      expect((await post(serviceBody('copy', serviceFiles('copy')), address, PATH.copy)).status).toBe(201);
      const refused = await post(serviceBody('copy', serviceFiles('copy', 5)), address, PATH.copy);
      expect(refused.status).toBe(429);
      expect((await problemOf(refused)).code).toBe('SUBMISSIONS_LIMITED');
      expect(refused.headers.get('retry-after')).toBeTruthy();
      // The complaint's repeat is answered as before.
      expect((await post(complaint, address, PATH.complaint)).status).toBe(200);
    },
  );
});

describe('"application received" texts per mobile number', () => {
  /** One complete application naming `mobile`: the form, then its six files. */
  async function complete(mobile: string, address: string, set: FileSet = files) {
    const item = submission(set, { fields: { mobile } });
    expect((await post(item, address)).status).toBe(201);
    for (const [slot, f] of Object.entries(set)) {
      const up = await putFile(ctx, item.clientId, slot, f!.bytes);
      expect(up.status).toBe(201);
    }
    return item.clientId;
  }
  const receivedTexts = (to: string) =>
    ctx.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('kind', '=', 'applicationReceived')
      .where('to_number', '=', to)
      .execute();

  it(
    'texts one number at most 3 times a day; later applications are accepted, complete and untexted',
    MANY_REQUESTS,
    async () => {
      const stranger = '01812345678';
      const ids: string[] = [];
      // Five complete applications naming a stranger's number, each from its own address.
      for (let i = 0; i < 5; i++) ids.push(await complete(stranger, `203.0.113.${100 + i}`));

      expect(await receivedTexts(stranger)).toHaveLength(INTAKE_LIMITS.receivedTextsPerNumberPerDay);
      const rows = await ctx.db.selectFrom('applications').select(['id', 'intake_status']).execute();
      expect(rows.filter((r) => ids.includes(r.id)).map((r) => r.intake_status)).toEqual(Array(5).fill('complete'));

      // Another number is not affected, and the stranger's number is texted again the next day.
      await complete('01912345678', '203.0.113.120');
      expect(await receivedTexts('01912345678')).toHaveLength(1);
      ctx.clock.advance(24 * HOUR_MS + 1000);
      await complete(stranger, '203.0.113.121');
      expect(await receivedTexts(stranger)).toHaveLength(INTAKE_LIMITS.receivedTextsPerNumberPerDay + 1);
    },
  );
});
