import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** A built index.html as Vite writes it, the app's own scripts in <head>. */
const TEMPLATE = `<!doctype html>
<html lang="bn">
  <head>
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-abc.js">
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** What scripts/write-page-preloads.mjs writes beside the manifest. */
const PRELOADS = {
  routes: [
    { path: '/', files: ['assets/Home-1.js'] },
    {
      path: '/new-application',
      files: ['assets/NewApplication-1.js', 'assets/KindForm-1.js', 'assets/application-1.js'],
    },
    { path: '/verification/:purpose', files: ['assets/Verification-1.js'] },
    { path: '/admin-page/*', files: ['assets/StaffApp-1.js'] },
  ],
};

let ctx: TestContext;
let dist: string;

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

async function html(p: string): Promise<string> {
  const res = await ctx.request(p);
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-cache');
  return res.text();
}

describe("each address's HTML names its page's scripts (decision 045)", () => {
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'page-preloads.json'), JSON.stringify(PRELOADS));
    ctx = await createTestContext({ clientDist: dist });
  });
  afterEach(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("a form's address asks for the form's chunks with the app's, after the app's own", async () => {
    const page = await html('/new-application');
    expect(preloadsOf(page)).toEqual([
      '/assets/react-abc.js',
      '/assets/NewApplication-1.js',
      '/assets/KindForm-1.js',
      '/assets/application-1.js',
    ]);
    expect(page.indexOf('NewApplication-1.js')).toBeGreaterThan(page.indexOf('index-abc.js'));
    expect(page.indexOf('NewApplication-1.js')).toBeLessThan(page.indexOf('</head>'));
  });

  it('matches addresses with a parameter or a tail, and the home page keeps its slider block', async () => {
    expect(preloadsOf(await html('/verification/6'))).toContain('/assets/Verification-1.js');
    expect(preloadsOf(await html('/admin-page/applications/12'))).toContain('/assets/StaffApp-1.js');
    const home = await html('/');
    expect(preloadsOf(home)).toContain('/assets/Home-1.js');
    expect(home).toContain('id="home-slider-data"');
  });

  it("names no page's scripts for an unknown address, nor in the service worker's copy shown for every address", async () => {
    expect(preloadsOf(await html('/no-such-page'))).toEqual(['/assets/react-abc.js']);
    expect(preloadsOf(await html('/verification/6/extra'))).toEqual(['/assets/react-abc.js']);
    expect(preloadsOf(await html('/index.html'))).toEqual(['/assets/react-abc.js']);
  });

  it('serves the plain page when the build wrote no list, and follows a new build', async () => {
    fs.rmSync(path.join(dist, '.vite', 'page-preloads.json'));
    expect(preloadsOf(await html('/new-application'))).toEqual(['/assets/react-abc.js']);
    fs.writeFileSync(
      path.join(dist, '.vite', 'page-preloads.json'),
      JSON.stringify({ routes: [{ path: '/new-application', files: ['assets/NewApplication-2.js'] }] }),
    );
    expect(preloadsOf(await html('/new-application'))).toEqual(['/assets/react-abc.js', '/assets/NewApplication-2.js']);
  });
});
