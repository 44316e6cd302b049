import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ContentImage } from '@portal/shared';
import { SLIDER_DATA_ID } from '@portal/shared/html-data';
import { sliderPicture } from '@portal/shared/slider-picture';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { homePageHtml, sliderChanged, withFirstSlide } from './home-page-html.js';

/** A built index.html as Vite writes it (docs/decisions/043-first-paint-html-and-fonts.md). */
const TEMPLATE = `<!doctype html>
<html lang="bn">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <title>সেচ নলকূপ লাইসেন্স পোর্টাল</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let ctx: TestContext;
let admin: StaffAgent;
let dist: string;

async function addSlide(width: number): Promise<ContentImage> {
  ctx.clock.advance(1000); // the slider is newest first; the test clock stands still otherwise
  const jpeg = await sharp({ create: { width, height: 600, channels: 3, background: '#2e7d32' } })
    .jpeg()
    .toBuffer();
  const res = await ctx.request('/api/admin/galleries/slider', {
    method: 'POST',
    body: new Uint8Array(jpeg) as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'image/jpeg' },
    agent: admin,
  });
  expect(res.status).toBe(201);
  return (await res.json()) as ContentImage;
}

/** What the HTML parser would take as the block's text: up to the first `</script`, as the HTML spec ends it. */
function dataBlock(html: string): string | null {
  const open = `<script type="application/json" id="${SLIDER_DATA_ID}">`;
  const at = html.indexOf(open);
  if (at < 0) return null;
  const text = html.slice(at + open.length);
  return text.slice(0, text.search(/<\/script/i));
}
const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

async function page(p: string) {
  const res = await ctx.request(p);
  expect(res.status).toBe(200);
  return { res, html: await res.text() };
}

describe("the home page's HTML", () => {
  beforeEach(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    ctx = await createTestContext({ clientDist: dist });
    admin = await signInAs(ctx, 'Admin');
  });
  afterEach(async () => {
    await ctx.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("names the first slide with the slider's own URL, srcset and sizes, and carries the list, for / and /home", async () => {
    await addSlide(640);
    const first = await addSlide(1600); // newest first: this one leads the slider
    const list = (await (await ctx.request('/api/public/galleries/slider')).json()) as ContentImage[];
    expect(list[0]!.id).toBe(first.id);
    const { src, srcSet, sizes } = sliderPicture(first);
    expect(srcSet).toBe(
      `/api/public/images/${first.id}?size=phone 800w, /api/public/images/${first.id}?size=full 1600w`,
    );

    for (const p of ['/', '/home']) {
      const { res, html } = await page(p);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      // The block is data, not script: the CSP allows no inline script but the first screen's
      // starter, by its hash (decision 047).
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(preloads(html)).toEqual([
        `<link rel="preload" as="image" fetchpriority="high" href="${src}" imagesrcset="${srcSet}" imagesizes="${sizes}">`,
      ]);
      expect(JSON.parse(dataBlock(html)!)).toEqual(list);
      // Before the scripts and styles, so the preload scanner meets it first; after the viewport, so
      // that a phone picks the phone version from the srcset.
      expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('<script type="module"'));
      expect(html.indexOf('rel="preload"')).toBeGreaterThan(html.indexOf('<meta name="viewport"'));
    }
  });

  it('follows the Admin: a new first slide, then none', async () => {
    expect(preloads((await page('/')).html)).toEqual([]);
    expect(JSON.parse(dataBlock((await page('/')).html)!)).toEqual([]);

    const a = await addSlide(700);
    let html = (await page('/')).html;
    expect(preloads(html)[0]).toContain(`href="/api/public/images/${a.id}?size=phone"`);
    expect(preloads(html)[0]).toContain(`imagesrcset="/api/public/images/${a.id}?size=phone 800w"`);

    const b = await addSlide(900);
    html = (await page('/')).html;
    expect(preloads(html)[0]).toContain(`href="/api/public/images/${b.id}?size=phone"`);
    expect((JSON.parse(dataBlock(html)!) as ContentImage[]).map((i) => i.id)).toEqual([b.id, a.id]);

    for (const id of [b.id, a.id]) {
      expect((await ctx.request(`/api/admin/images/${id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    }
    html = (await page('/')).html;
    expect(preloads(html)).toEqual([]);
    expect(JSON.parse(dataBlock(html)!)).toEqual([]);
  });

  it('renders once until the slider changes (no database query per request)', async () => {
    const first = homePageHtml(ctx.db, TEMPLATE);
    expect(homePageHtml(ctx.db, TEMPLATE)).toBe(first);
    await first;
    expect(homePageHtml(ctx.db, TEMPLATE)).toBe(first);
    // A new build is a new template: rendered afresh.
    const rebuilt = homePageHtml(ctx.db, TEMPLATE.replace('index-abc', 'index-def'));
    expect(rebuilt).not.toBe(first);
    expect((await rebuilt).html).toContain('index-def');
    sliderChanged(ctx.db);
    const changed = homePageHtml(ctx.db, TEMPLATE);
    expect(changed).not.toBe(first);
    await changed;
  });

  it('gives every other path the plain index.html', async () => {
    await addSlide(1600);
    for (const p of ['/new-application', '/index.html', '/verification/6', '/home/x']) {
      const { res, html } = await page(p);
      expect(html, p).not.toContain(SLIDER_DATA_ID);
      expect(preloads(html), p).toEqual([]);
      expect(res.headers.get('cache-control'), p).toBe('no-cache');
    }
  });
});

describe('the slider list in the HTML', () => {
  it('cannot end its block or open a script, whatever the content says, and reads back the same', () => {
    const hostile = '</script><script>alert(1)</script><!--<script>';
    const list = [
      {
        id: `x"><img src=x onerror=alert(1)>${hostile}`,
        gallery: 'slider',
        width: 1600,
        height: 900,
        createdAt: '2026-11-21T00:00:00Z',
        title: `${hostile}\u2028&amp;</SCRIPT >`,
      },
    ] as unknown as ContentImage[];
    const html = withFirstSlide(TEMPLATE, list);
    const block = dataBlock(html)!;
    expect(block).not.toMatch(/[<>]/);
    expect(JSON.parse(block)).toEqual(list);
    // Exactly the page's own script and the data block, nothing the content opened.
    expect(html.match(/<script/gi)).toHaveLength(2);
    // The preload's attributes stay attributes: the id is percent-encoded in its URLs.
    const link = preloads(html)[0]!;
    expect(link).not.toMatch(/"[^"]*<|onerror=alert/);
    expect(link.match(/"/g)).toHaveLength(2 * 6);
  });
});
