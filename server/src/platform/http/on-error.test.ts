import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';

/**
 * A client's unreadable request is the client's mistake: a catalogue problem in Bangla, and no
 * stack trace in the server log (docs/decisions/013). input-walk.test.ts checks every route.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function send(body: string, contentType: string) {
  const logged = vi.spyOn(console, 'error');
  try {
    const res = await ctx.request('/api/public/contact', {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    });
    return { status: res.status, error: ((await res.json()) as ProblemBody).error, logged: logged.mock.calls.length };
  } finally {
    logged.mockRestore();
  }
}

describe('requests the server cannot read', () => {
  it('answers malformed JSON with 400 BAD_JSON, unlogged', async () => {
    const { status, error, logged } = await send('{"name": "করিম", ', 'application/json');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'BAD_JSON', message: 'অনুরোধটি পড়া যায়নি। পাতাটি আবার খুলে চেষ্টা করুন।' });
    expect(logged).toBe(0);
  });

  it('answers a JSON route sent a form with 415 UNSUPPORTED_MEDIA_TYPE, unlogged', async () => {
    const { status, error, logged } = await send(
      'name=x&phone=01711111111&message=y',
      'application/x-www-form-urlencoded',
    );
    expect(status).toBe(415);
    expect(error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(error.message).toMatch(/[\u0980-\u09ff]/);
    expect(logged).toBe(0);
  });
});
