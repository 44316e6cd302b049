import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProblemBody, PublicDownload } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { pdfBytes } from '../../modules/applications/intake-fixtures.js';

/**
 * Same-site request forgery (docs/decisions/013): a page on another port or sub-domain of the
 * portal's site gets the officer's SameSite=Lax cookies sent along, so the browser's own marks
 * (Sec-Fetch-Site, Origin) decide. The portal is at PUBLIC_URL; app.request() serves it as http://localhost.
 */
const PUBLIC_URL = 'https://sech.example.gov.bd';
let ctx: TestContext;
let admin: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: PUBLIC_URL });
  admin = await signInAs(ctx, 'Admin');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
});

function publish(headers: Record<string, string>, agent: StaffAgent | undefined = admin) {
  return ctx.request('/api/admin/archive?name=ghost&visibility=Public', {
    method: 'POST',
    agent,
    headers: { 'content-type': 'application/pdf', ...headers },
    body: pdfBytes(9) as Uint8Array<ArrayBuffer>,
  });
}
async function downloads(): Promise<PublicDownload[]> {
  return (await (await ctx.request('/api/public/downloads')).json()) as PublicDownload[];
}
async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  const { error } = (await res.json()) as ProblemBody;
  expect(error.code).toBe('CROSS_SITE_REQUEST');
  expect(error.message).toMatch(/নিরাপত্তার কারণে/);
}

describe('writes from another page of the same site', () => {
  it('refuses to publish a file on the downloads page for a signed-in Admin', async () => {
    const before = await downloads();
    await expectRefused(await publish({ 'sec-fetch-site': 'same-site', origin: 'http://portal.example:8080' }));
    await expectRefused(await publish({ 'sec-fetch-site': 'same-site' }));
    // An older browser without fetch metadata still sends Origin on a POST.
    await expectRefused(await publish({ origin: 'http://portal.example:8080' }));
    await expectRefused(await publish({ origin: `${PUBLIC_URL}.evil.example` }));
    await expectRefused(await publish({ origin: 'null' }));
    await expectRefused(await publish({ 'sec-fetch-site': 'cross-site' }));
    // "none" is a typed address or a bookmark: a navigation, never a write of this API.
    await expectRefused(await publish({ 'sec-fetch-site': 'none' }));
    expect(await downloads()).toEqual(before);
  });

  it('refuses JSON writes and deletions too, before anything is stored', async () => {
    const notice = await ctx.request('/api/admin/notices', {
      method: 'POST',
      agent: admin,
      json: { title: 'ভুয়া নোটিশ' },
      headers: { 'sec-fetch-site': 'same-site', origin: 'https://files.example.gov.bd' },
    });
    await expectRefused(notice);
    expect(await (await ctx.request('/api/public/notices')).json()).toEqual([]);

    const stored = (await (await publish({})).json()) as { id: string };
    const before = await downloads();
    await expectRefused(
      await ctx.request(`/api/admin/archive/${stored.id}`, {
        method: 'DELETE',
        agent: admin,
        headers: { 'sec-fetch-site': 'same-site' },
      }),
    );
    expect(await downloads()).toEqual(before);

    // Citizens' writes as well (the grant cookie is SameSite=Lax too).
    await expectRefused(
      await ctx.request('/api/verification/grant', { method: 'DELETE', headers: { 'sec-fetch-site': 'same-site' } }),
    );
  });

  it("lets the portal's own pages, PUBLIC_URL and clients without a browser through", async () => {
    const before = await downloads();
    expect((await publish({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost' })).status).toBe(201);
    // Behind a proxy that ends TLS the request arrives as http, the browser says https://PUBLIC_URL.
    expect((await publish({ 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL })).status).toBe(201);
    // A script or the tests: no browser, no victim's cookies to ride on.
    expect((await publish({})).status).toBe(201);
    expect(await downloads()).toHaveLength(before.length + 3);
  });

  it('still serves reads to other sites (links to a download, the public lists)', async () => {
    const res = await ctx.request('/api/public/downloads', {
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://news.example' },
    });
    expect(res.status).toBe(200);
  });
});
