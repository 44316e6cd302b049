import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * How the server writes a citizen page's first screen into its HTML (docs/decisions/046-first-screen-in-the-html.md).
 * The client's server build is stood in for by a small module with the same two exports that
 * counts its renders; what the real one renders is client/src/entry-server.test.tsx's concern.
 */
const TEMPLATE = `<!doctype html><html><head><meta name="viewport" content="width=device-width" />
<script type="module" crossorigin src="/assets/index-abc.js"></script></head>
<body><div id="root"></div></body></html>`;

const entrySource = (version: string) => `
export const FIRST_SCREEN_PATHS = ['/', '/new-application', '/broken'];
globalThis.__firstScreenRenders = 0;
export async function renderFirstScreen(path, slider) {
  globalThis.__firstScreenRenders++;
  if (path === '/broken') throw new Error('render failed');
  return '<h1>' + path + ' ${version}</h1><p>' + (slider ? slider.length + ' slides' : 'no slider') + '</p>';
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
    expect(root(page)).toBe('[inert]<h1>/new-application v1</h1><p>no slider</p>');
    const before = renders();
    expect(root(await html('/new-application'))).toBe(root(page));
    expect(renders()).toBe(before);
  });

  it("gives the home page's first screen the slider list the server knows", async () => {
    expect(root(await html('/'))).toBe('[inert]<h1>/ v1</h1><p>0 slides</p>');
  });

  it('leaves other addresses, the service worker copy and a failed render with the plain shell', async () => {
    for (const p of ['/admin-page/dashboard', '/index.html', '/broken']) {
      expect(root(await html(p)), p).toBe('');
    }
  });

  it('serves the plain shell when there is no server build', async () => {
    fs.rmSync(path.join(dist, '..', 'dist-ssr'), { recursive: true });
    expect(root(await html('/new-application'))).toBe('');
  });
});
