import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ArchiveFile,
  ContentImage,
  Notice,
  Page,
  ProblemBody,
  PublicDownload,
  StaffRole,
  VideoGallery,
} from '@portal/shared';
import { createTestContext, type Agent, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';

let ctx: TestContext;
let admin: StaffAgent;
beforeEach(async () => {
  ctx = await createTestContext({ publicUrl: 'https://sech.example.gov.bd' });
  admin = await signInAs(ctx, 'Admin');
});
afterEach(async () => {
  await ctx.close();
});

/** A real photo-sized JPEG (noise, so it does not compress to nothing). */
async function photo(width = 1600, height = 1000): Promise<Uint8Array> {
  const buf = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 120, sigma: 40 } },
  })
    .jpeg({ quality: 60 })
    .toBuffer();
  return new Uint8Array(buf);
}
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

function upload(path: string, bytes: Uint8Array, agent?: Agent, method = 'POST') {
  return ctx.request(path, {
    method,
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/octet-stream' },
    agent,
  });
}
async function problem(res: Response): Promise<ProblemBody['error']> {
  return ((await res.json()) as ProblemBody).error;
}

const ROLES: (StaffRole | null)[] = ['Chairman', 'UNO', 'BADC', 'Pollibidut', null];

describe('who may do what', () => {
  it('lets anyone read the public content, and only the Admin change it (the archive also BADC)', async () => {
    const image = (await (
      await upload('/api/admin/galleries/gallery', await photo(600, 400), admin)
    ).json()) as ContentImage;
    const notice = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'নোটিশ' }, agent: admin })
    ).json()) as Notice;
    const archived = (await (
      await upload('/api/admin/archive?name=form&visibility=Public', PDF, admin)
    ).json()) as ArchiveFile;

    for (const path of [
      '/api/public/galleries/slider',
      '/api/public/galleries/gallery',
      '/api/public/galleries/geo',
      `/api/public/images/${image.id}?size=thumb`,
      '/api/public/notices',
      '/api/public/pages/policies',
      '/api/public/pages/application-instruction',
      '/api/public/pages/about-us',
      '/api/public/videos',
      '/api/public/downloads',
      `/api/public/downloads/${archived.id}`,
    ]) {
      expect((await ctx.request(path)).status, path).toBe(200);
    }

    const adminOnly: [string, () => RequestInit & { json?: unknown }][] = [
      ['/api/admin/galleries/slider', () => ({ method: 'POST', body: PDF as Uint8Array<ArrayBuffer> })],
      [`/api/admin/images/${image.id}`, () => ({ method: 'DELETE' })],
      ['/api/admin/notices', () => ({ method: 'POST', json: { title: 'x' } })],
      [`/api/admin/notices/${notice.id}/file`, () => ({ method: 'PUT', body: PDF as Uint8Array<ArrayBuffer> })],
      [`/api/admin/notices/${notice.id}/sms`, () => ({ method: 'POST', json: { mobiles: '01711000000' } })],
      [`/api/admin/notices/${notice.id}`, () => ({ method: 'DELETE' })],
      ['/api/admin/pages/about-us', () => ({ method: 'PUT', json: { title: 't', html: '' } })],
      ['/api/admin/videos', () => ({ method: 'PUT', json: { urls: ['', '', '', '', '', ''] } })],
    ];
    const archive: [string, () => RequestInit & { json?: unknown }][] = [
      ['/api/admin/archive', () => ({})],
      [
        '/api/admin/archive?name=a&visibility=Private',
        () => ({ method: 'POST', body: PDF as Uint8Array<ArrayBuffer> }),
      ],
      [`/api/admin/archive/${archived.id}/file`, () => ({})],
      ['/api/admin/archive/00000000-0000-4000-8000-000000000000', () => ({ method: 'DELETE' })],
    ];

    for (const [path, init] of [...adminOnly, ...archive]) {
      const anon = await ctx.request(path, init());
      expect(anon.status, `anonymous ${path}`).toBe(401);
    }
    for (const role of ROLES) {
      const agent = await signInAs(ctx, role);
      for (const [path, init] of adminOnly) {
        const res = await ctx.request(path, { ...init(), agent });
        expect(res.status, `${role} ${path}`).toBe(403);
        expect((await problem(res)).code).toBe(role ? 'FORBIDDEN' : 'ACCOUNT_NO_ROLE');
      }
      for (const [path, init] of archive) {
        const res = await ctx.request(path, { ...init(), agent });
        if (role === 'BADC') expect(res.status, `${role} ${path}`).not.toBe(403);
        else expect(res.status, `${role} ${path}`).toBe(403);
      }
    }
    // Nothing the refused callers sent was stored.
    expect(((await (await ctx.request('/api/public/galleries/slider')).json()) as unknown[]).length).toBe(0);
    expect(((await (await ctx.request('/api/public/notices')).json()) as unknown[]).length).toBe(1);
  });
});

describe('gallery images', () => {
  it('keeps a thumbnail and a phone-width WebP of every upload, smaller than the original, cached long', async () => {
    const original = await photo();
    const res = await upload('/api/admin/galleries/slider', original, admin);
    expect(res.status).toBe(201);
    const image = (await res.json()) as ContentImage;
    expect(image).toMatchObject({ gallery: 'slider', width: 1600, height: 1000 });

    const list = (await (await ctx.request('/api/public/galleries/slider')).json()) as ContentImage[];
    expect(list.map((i) => i.id)).toEqual([image.id]);
    expect(((await (await ctx.request('/api/public/galleries/geo')).json()) as unknown[]).length).toBe(0);

    const sizes: Record<string, { bytes: number; width: number; type: string | null }> = {};
    for (const size of ['thumb', 'phone', 'full']) {
      const r = await ctx.request(`/api/public/images/${image.id}?size=${size}`);
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      const bytes = new Uint8Array(await r.arrayBuffer());
      const meta = await sharp(bytes).metadata();
      sizes[size] = { bytes: bytes.byteLength, width: meta.width ?? 0, type: r.headers.get('content-type') };
    }
    // The full size is the upload re-encoded without its metadata (decision 016), in its own format.
    expect(sizes.full).toMatchObject({ width: 1600, type: 'image/jpeg' });
    expect(sizes.phone).toMatchObject({ width: 800, type: 'image/webp' });
    expect(sizes.thumb).toMatchObject({ width: 400, type: 'image/webp' });
    expect(sizes.thumb!.bytes).toBeLessThan(sizes.phone!.bytes);
    expect(sizes.phone!.bytes).toBeLessThan(sizes.full!.bytes);
  });

  it('never enlarges a small image', async () => {
    const image = (await (
      await upload('/api/admin/galleries/geo', await photo(300, 200), admin)
    ).json()) as ContentImage;
    const thumb = new Uint8Array(await (await ctx.request(`/api/public/images/${image.id}?size=phone`)).arrayBuffer());
    expect((await sharp(thumb).metadata()).width).toBe(300);
  });

  it('refuses anything but an image with 415, and a too-large file with 413, storing nothing', async () => {
    const pdf = await upload('/api/admin/galleries/slider', PDF, admin);
    expect(pdf.status).toBe(415);
    expect((await problem(pdf)).message).toContain('ছবি');
    const text = await upload(
      '/api/admin/galleries/gallery',
      new TextEncoder().encode('<html><script>alert(1)</script>'),
      admin,
    );
    expect(text.status).toBe(415);
    const big = await upload('/api/admin/galleries/geo', new Uint8Array(1_500_001), admin);
    expect(big.status).toBe(413);
    const empty = await upload('/api/admin/galleries/geo', new Uint8Array(0), admin);
    expect(empty.status).toBe(400);
    const count = await ctx.db
      .selectFrom('content_images')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('deletes an image with its versions; it is gone for visitors', async () => {
    const image = (await (
      await upload('/api/admin/galleries/gallery', await photo(800, 600), admin)
    ).json()) as ContentImage;
    expect((await ctx.request(`/api/admin/images/${image.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    expect((await ctx.request(`/api/public/images/${image.id}?size=thumb`)).status).toBe(404);
    expect(((await (await ctx.request('/api/public/galleries/gallery')).json()) as unknown[]).length).toBe(0);
    const left = await ctx.db.selectFrom('image_variants').select('blob_id').execute();
    expect(left).toEqual([]);
    expect((await ctx.request(`/api/admin/images/${image.id}`, { method: 'DELETE', agent: admin })).status).toBe(404);
  });
});

const PAYLOADS = [
  '<p>নিরাপদ লেখা</p><script>alert("x")</script>',
  '<img src=x onerror="alert(1)"><p onclick="steal()">ক্লিক</p>',
  '<a href="javascript:alert(1)">লিংক</a><a href="JaVaScRiPt&#58;alert(2)">২</a><a href=" javascript:alert(3)">৩</a>',
  '<p style="background:url(javascript:alert(1))">স্টাইল</p><style>body{display:none}</style>',
  '<iframe src="https://evil.example/"></iframe><object data="x"></object><embed src="y">',
  '<svg onload="alert(1)"><script>alert(2)</script></svg><form action="https://evil"><input name=a></form>',
  '<table><tr><td onmouseover="alert(1)" style="color:red">ঘর</td></tr></table><a href="https://ok.example" onmouseover="x()">ঠিক</a>',
];

function expectHarmless(html: string) {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<style|<img|<form|<input/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:/i);
  expect(html).not.toMatch(/style\s*=/i);
}

describe('rich text', () => {
  it('stores a notice description with nothing executable, keeping the safe parts', async () => {
    for (const payload of PAYLOADS) {
      const res = await ctx.request('/api/admin/notices', {
        method: 'POST',
        json: { title: 'পরীক্ষা', descriptionHtml: payload },
        agent: admin,
      });
      expect(res.status).toBe(201);
      expectHarmless(((await res.json()) as Notice).descriptionHtml);
    }
    const listed = (await (await ctx.request('/api/public/notices')).json()) as Notice[];
    expect(listed).toHaveLength(PAYLOADS.length);
    for (const n of listed) expectHarmless(n.descriptionHtml);
    const all = listed.map((n) => n.descriptionHtml).join('\n');
    expect(all).toContain('<p>নিরাপদ লেখা</p>');
    expect(all).toContain('<td>ঘর</td>');
    expect(all).toContain('<a rel="noopener noreferrer" href="https://ok.example">ঠিক</a>');
  });

  it('stores page text the same way and shows it to visitors', async () => {
    for (const slug of ['policies', 'application-instruction', 'about-us']) {
      const before = (await (await ctx.request(`/api/public/pages/${slug}`)).json()) as Page;
      expect(before.html).toBe('');
      expect(before.title).toBeTruthy();
      const put = await ctx.request(`/api/admin/pages/${slug}`, {
        method: 'PUT',
        json: { title: `শিরোনাম ${slug}`, html: PAYLOADS.join('') + '<h2>ধাপ</h2><ul><li>এক</li></ul>' },
        agent: admin,
      });
      expect(put.status).toBe(200);
      const page = (await (await ctx.request(`/api/public/pages/${slug}`)).json()) as Page;
      expect(page.title).toBe(`শিরোনাম ${slug}`);
      expectHarmless(page.html);
      expect(page.html).toContain('<h2>ধাপ</h2><ul><li>এক</li></ul>');
    }
  });

  it('asks for a title in Bangla', async () => {
    const res = await ctx.request('/api/admin/pages/policies', {
      method: 'PUT',
      json: { title: ' ', html: '' },
      agent: admin,
    });
    expect(res.status).toBe(400);
    expect((await problem(res)).fields?.title).toMatch(/আবশ্যক/);
  });
});

describe('notices', () => {
  it('lists newest first, serves the optional file, and deletes with it', async () => {
    const first = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'প্রথম' }, agent: admin })
    ).json()) as Notice;
    ctx.clock.advance(60_000);
    const second = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'দ্বিতীয়' }, agent: admin })
    ).json()) as Notice;
    const withFile = await upload(`/api/admin/notices/${second.id}/file`, PDF, admin, 'PUT');
    expect(withFile.status).toBe(200);
    expect(((await withFile.json()) as Notice).file).toMatchObject({ mime: 'application/pdf' });

    const list = (await (await ctx.request('/api/public/notices')).json()) as Notice[];
    expect(list.map((n) => n.title)).toEqual(['দ্বিতীয়', 'প্রথম']);
    expect(list[1]!.file).toBeNull();
    const file = await ctx.request(`/api/public/notices/${second.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect((await ctx.request(`/api/public/notices/${first.id}/file`)).status).toBe(404);

    expect((await ctx.request(`/api/admin/notices/${second.id}`, { method: 'DELETE', agent: admin })).status).toBe(204);
    expect((await ctx.request(`/api/public/notices/${second.id}/file`)).status).toBe(404);
    expect(((await (await ctx.request('/api/public/notices')).json()) as Notice[]).map((n) => n.id)).toEqual([
      first.id,
    ]);
  });

  it('queues the announcement to valid numbers only when the whole list is valid, once per number', async () => {
    await ctx.request('/api/admin/settings', {
      method: 'PUT',
      json: { webUrl: 'https://godagari-sech.gov.bd/' },
      agent: admin,
    });
    const notice = (await (
      await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'সেচ মৌসুমের সভা' }, agent: admin })
    ).json()) as Notice;

    const bad = await ctx.request(`/api/admin/notices/${notice.id}/sms`, {
      method: 'POST',
      json: { mobiles: '01711000001, 12345, ০১৮১১০০০০০২, 0171100' },
      agent: admin,
    });
    expect(bad.status).toBe(400);
    const msg = (await problem(bad)).fields?.mobiles ?? '';
    expect(msg).toContain('১২৩৪৫');
    expect(msg).toContain('০১৭১১০০');
    expect(msg).not.toContain('০১৭১১০০০০০১');
    expect(await ctx.db.selectFrom('sms_outbox').selectAll().execute()).toEqual([]);

    const ok = await ctx.request(`/api/admin/notices/${notice.id}/sms`, {
      method: 'POST',
      json: { mobiles: '01711000001, ০১৮১১০০০০০২,+8801911000003, 01711000001' },
      agent: admin,
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ queued: 3 });
    // A second click sends nobody a second message.
    await ctx.request(`/api/admin/notices/${notice.id}/sms`, {
      method: 'POST',
      json: { mobiles: '01711000001' },
      agent: admin,
    });
    const rows = await ctx.db
      .selectFrom('sms_outbox')
      .select(['to_number', 'body', 'status'])
      .orderBy('to_number')
      .execute();
    expect(rows.map((r) => r.to_number)).toEqual(['01711000001', '01811000002', '01911000003']);
    for (const r of rows) {
      expect(r.status).toBe('pending');
      expect(r.body).toBe('সেচ মৌসুমের সভা\nনতুন নোটিশ প্রকাশিত হয়েছে। দেখুন: https://godagari-sech.gov.bd/notice');
    }

    const empty = await ctx.request(`/api/admin/notices/${notice.id}/sms`, {
      method: 'POST',
      json: { mobiles: '' },
      agent: admin,
    });
    expect(empty.status).toBe(400);
    const missing = await ctx.request('/api/admin/notices/00000000-0000-4000-8000-000000000000/sms', {
      method: 'POST',
      json: { mobiles: '01711000001' },
      agent: admin,
    });
    expect(missing.status).toBe(404);
  });
});

describe('file archive', () => {
  it('shows visitors only Public files and never serves a Private one to them', async () => {
    const pub = (await (
      await upload(`/api/admin/archive?name=${encodeURIComponent('আবেদন ফরম')}&visibility=Public`, PDF, admin)
    ).json()) as ArchiveFile;
    const priv = (await (
      await upload('/api/admin/archive?name=secret&visibility=Private', await photo(200, 200), admin)
    ).json()) as ArchiveFile;
    expect(priv).toMatchObject({ visibility: 'Private', mime: 'image/jpeg' });

    const downloads = (await (await ctx.request('/api/public/downloads')).json()) as PublicDownload[];
    expect(downloads).toEqual([{ id: pub.id, name: 'আবেদন ফরম', mime: 'application/pdf', createdAt: pub.createdAt }]);
    const got = await ctx.request(`/api/public/downloads/${pub.id}`);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toContain("filename*=UTF-8''" + encodeURIComponent('আবেদন ফরম.pdf'));

    const refused = await ctx.request(`/api/public/downloads/${priv.id}`);
    expect(refused.status).toBe(404);
    const refusedBody = await refused.text();
    expect(refusedBody).not.toContain('secret');

    // Staff who may manage the archive see and open both.
    const badc = await signInAs(ctx, 'BADC');
    const all = (await (await ctx.request('/api/admin/archive', { agent: badc })).json()) as ArchiveFile[];
    expect(all.map((f) => f.id).sort()).toEqual([pub.id, priv.id].sort());
    const open = await ctx.request(`/api/admin/archive/${priv.id}/file?download=1`, { agent: badc });
    expect(open.status).toBe(200);
    expect(open.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await ctx.request(`/api/admin/archive/${priv.id}`, { method: 'DELETE', agent: badc })).status).toBe(204);
    expect((await ctx.request(`/api/admin/archive/${priv.id}/file`, { agent: admin })).status).toBe(404);
  });

  it('asks for a name and a status, and refuses files that are not PDF or images', async () => {
    const noName = await upload('/api/admin/archive?name=&visibility=Public', PDF, admin);
    expect(noName.status).toBe(400);
    expect((await problem(noName)).fields?.name).toMatch(/আবশ্যক/);
    const badStatus = await upload('/api/admin/archive?name=x&visibility=Secret', PDF, admin);
    expect(badStatus.status).toBe(400);
    const zip = await upload(
      '/api/admin/archive?name=x&visibility=Public',
      new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]),
      admin,
    );
    expect(zip.status).toBe(415);
    expect(((await (await ctx.request('/api/admin/archive', { agent: admin })).json()) as unknown[]).length).toBe(0);
  });
});

describe('video gallery', () => {
  it('keeps six YouTube links and refuses anything else', async () => {
    const empty = (await (await ctx.request('/api/public/videos')).json()) as VideoGallery;
    expect(empty.slots).toEqual([null, null, null, null, null, null]);

    const bad = await ctx.request('/api/admin/videos', {
      method: 'PUT',
      json: { urls: ['https://evil.example/watch?v=dQw4w9WgXcQ', '', '', 'javascript:alert(1)', '', ''] },
      agent: admin,
    });
    expect(bad.status).toBe(400);
    const fields = (await problem(bad)).fields ?? {};
    expect(fields['urls.0']).toMatch(/ইউটিউব/);
    expect(fields['urls.3']).toMatch(/ইউটিউব/);

    const put = await ctx.request('/api/admin/videos', {
      method: 'PUT',
      json: {
        urls: [
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          '',
          'https://youtu.be/9bZkp7q19f0?t=3',
          '',
          'https://www.youtube.com/shorts/abcdefghijk',
          '',
        ],
      },
      agent: admin,
    });
    expect(put.status).toBe(200);
    const saved = (await (await ctx.request('/api/public/videos')).json()) as VideoGallery;
    expect(saved.slots.map((s) => s?.videoId ?? null)).toEqual([
      'dQw4w9WgXcQ',
      null,
      '9bZkp7q19f0',
      null,
      'abcdefghijk',
      null,
    ]);
  });
});
