import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { takeToken } from './rate-limit.js';

let ctx: TestContext;
beforeEach(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  await ctx.close();
});

const take = (key: string, now: Date) => takeToken(ctx.db, { bucket: 'test', key, limit: 3, windowSeconds: 60, now });

describe('takeToken (sliding window)', () => {
  it('allows the limit within the window, tells how long to wait, and frees a slot as the oldest hit ages out', async () => {
    const t0 = new Date('2026-11-21T06:00:00Z');
    const at = (s: number) => new Date(t0.getTime() + s * 1000);
    expect((await take('01711000000', at(0))).allowed).toBe(true);
    expect((await take('01711000000', at(10))).allowed).toBe(true);
    expect((await take('01711000000', at(20))).allowed).toBe(true);
    expect(await take('01711000000', at(30))).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Refused tries are not recorded, so they do not push the window further out.
    expect(await take('01711000000', at(59))).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect((await take('01711000000', at(60))).allowed).toBe(true);
    expect(await take('01711000000', at(61))).toEqual({ allowed: false, retryAfterSeconds: 9 });
    // Another key has its own window.
    expect((await take('01811000000', at(61))).allowed).toBe(true);
  });

  it('never lets simultaneous requests take more than the limit', async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 10 }, () => take('same', now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });

  it('prunes old hits of the key it touches', async () => {
    const old = new Date('2026-01-01T00:00:00Z');
    await take('k', old);
    await take('k', new Date(old.getTime() + 3 * 24 * 3600 * 1000));
    const rows = await ctx.db.selectFrom('rate_limit_hits').select('at').where('key', '=', 'k').execute();
    expect(rows).toHaveLength(1);
  });
});
