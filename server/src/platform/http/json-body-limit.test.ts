import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX, type Notice, type ProblemBody } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { JSON_BODY_MAX_BYTES } from './json-body-limit.js';

/** JSON bodies have a limit of their own (docs/decisions/013): 413 BODY_TOO_LARGE, read no further. */
let ctx: TestContext;
let admin: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

/** A body of `total` bytes in 64 KiB chunks, counting how many bytes the server pulled. */
function countingStream(total: number): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const chunk = new TextEncoder().encode(`{"title":"${'x'.repeat(64 * 1024)}`);
  return {
    stream: new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    }),
    pulled: () => sent,
  };
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  const { error } = (await res.json()) as ProblemBody;
  expect(error.code).toBe('BODY_TOO_LARGE');
  expect(error.message).toMatch(/[\u0980-\u09ff]/);
}

describe('the JSON body limit', () => {
  it('takes the largest notice an Admin can write: RICH_TEXT_MAX Bangla characters', async () => {
    const descriptionHtml = `<p>${'সেচ '.repeat(Math.floor((RICH_TEXT_MAX - 7) / 4))}</p>`;
    expect(descriptionHtml.length).toBeLessThanOrEqual(RICH_TEXT_MAX);
    expect(Buffer.byteLength(JSON.stringify({ title: 'নোটিশ', descriptionHtml }))).toBeLessThan(JSON_BODY_MAX_BYTES);
    const res = await ctx.request('/api/admin/notices', {
      method: 'POST',
      agent: admin,
      json: { title: 'নোটিশ', descriptionHtml },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as Notice).descriptionHtml.length).toBeGreaterThan(RICH_TEXT_MAX / 2);
  });

  it('refuses a body that declares more, unread', async () => {
    const body = JSON.stringify({ title: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    const res = await ctx.request('/api/admin/notices', {
      method: 'POST',
      agent: admin,
      headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      body,
    });
    await expectTooLarge(res);
  });

  it('cuts a 20 MB body without a length off at the limit, before parsing, anonymous or not', async () => {
    for (const agent of [admin, undefined]) {
      const { stream, pulled } = countingStream(20 * 1024 * 1024);
      const res = await ctx.request(agent ? '/api/admin/notices' : '/api/public/contact', {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      await expectTooLarge(res);
      expect(pulled()).toBeLessThan(JSON_BODY_MAX_BYTES + 256 * 1024);
    }
    expect(await (await ctx.request('/api/public/notices')).json()).toHaveLength(1);
  });
});
