import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { SETTINGS_DATA_ID } from '@portal/shared/html-data';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs } from '../../test/roles.js';

/**
 * How the server writes a citizen page's first screen into its HTML (docs/decisions/046-first-screen-in-the-html.md).
 * The client's server build is stood in for by a small module with the same two exports that
 * counts its renders; what the real one renders is client/src/entry-server.test.tsx's concern.
 */
const TEMPLATE = `<!doctype html><html><head><meta name="viewport" content="width=device-width" />
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-abc.js">
<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>
<body><div id="root"></div></body></html>`;
const TITLE = 'উপজেলা সেচ নলকূপ লাইসেন্স'; // the default site title

const entrySource = (version: string) => `
export const FIRST_SCREEN_PATHS = ['/', '/new-application', '/broken'];
globalThis.__firstScreenRenders = 0;
export async function renderFirstScreen(path, { settings, slider }) {
  globalThis.__firstScreenRenders++;
  if (path === '/broken') throw new Error('render failed');
  return '<h1>' + path + ' ${version}</h1><p>' + (slider ? slider.length + ' slides' : 'no slider') + '</p><p>' + settings.websiteTitle + '</p>';
}
`;

let ctx: TestContext;
let dist: string;
const renders = () => (globalThis as { __firstScreenRenders?: number }).__firstScreenRenders ?? 0;

function writeEntry(version: string) {
  const file = path.join(dist, '..', 'dist-ssr', 'entry-server.js');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, entrySource(version));
}

async function html(p: string): Promise<string> {
  const res = await ctx.request(p);
  expect(res.status).toBe(200);
  return res.text();
}
/** What #root holds, with `inert` written before it when the first screen is there. */
/** The JSON block with the id `id` in `page`, parsed. */
const block = (page: string, id: string): unknown => {
  const m = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(page);
  return m ? JSON.parse(m[1]!) : undefined;
};
const root = (page: string) => {
  const m = /<div id="root"( inert)?>([\s\S]*?)<\/div><\/body>/.exec(page);
  return m ? `${m[1] ? '[inert]' : ''}${m[2]}` : undefined;
};

describe("a citizen page's first screen in its HTML", () => {
  beforeEach(async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-build-'));
    dist = path.join(build, 'dist');
    fs.mkdirSync(dist);
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    writeEntry('v1');
    ctx = await createTestContext({ clientDist: dist });
  });
  afterEach(async () => {
    await ctx.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  it('is written into #root, inert until the app takes over, and rendered once per address', async () => {
    const page = await html('/new-application');
    expect(root(page)).toBe(`[inert]<h1>/new-application v1</h1><p>no slider</p><p>${TITLE}</p>`);
    const before = renders();
    expect(root(await html('/new-application'))).toBe(root(page));
    expect(renders()).toBe(before);
  });

  it("gives the home page's first screen the slider list the server knows", async () => {
    expect(root(await html('/'))).toBe(`[inert]<h1>/ v1</h1><p>0 slides</p><p>${TITLE}</p>`);
  });

  it('carries the settings it was drawn with, and is drawn again when the Admin changes them', async () => {
    const publicSettings = await (await ctx.request('/api/public/settings')).json();
    expect(block(await html('/new-application'), SETTINGS_DATA_ID)).toEqual(publicSettings);

    const admin = await signInAs(ctx, 'Admin');
    const title = 'শিবগঞ্জ উপজেলা সেচ কমিটি';
    const put = await ctx.request('/api/admin/settings', {
      method: 'PUT',
      json: { websiteTitle: title },
      agent: admin,
    });
    expect(put.status).toBe(200);
    const page = await html('/new-application');
    expect(root(page)).toBe(`[inert]<h1>/new-application v1</h1><p>no slider</p><p>${title}</p>`);
    expect((block(page, SETTINGS_DATA_ID) as { websiteTitle: string }).websiteTitle).toBe(title);
  });

  it("asks for the app's scripts only after the first screen has painted, by the one inline script the CSP allows", async () => {
    const res = await ctx.request('/new-application');
    const page = await res.text();
    // No script nor preload the browser would fetch before the paint; the stylesheet stays.
    expect(page).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(page).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(block(page, 'app-scripts')).toEqual(['/assets/index-abc.js', '/assets/react-abc.js']);
    const inline = [...page.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    expect(inline[0]).toContain('first-contentful-paint');
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('leaves other addresses, the service worker copy and a failed render with the plain shell and its scripts', async () => {
    for (const p of ['/admin-page/dashboard', '/index.html', '/broken']) {
      const page = await html(p);
      expect(root(page), p).toBe('');
      expect(page, p).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
      expect(page, p).not.toContain(SETTINGS_DATA_ID);
      expect(page, p).not.toContain('<script>');
    }
  });

  it('serves the plain shell when there is no server build', async () => {
    fs.rmSync(path.join(dist, '..', 'dist-ssr'), { recursive: true });
    expect(root(await html('/new-application'))).toBe('');
  });
});
