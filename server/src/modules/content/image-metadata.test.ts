import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, type ArchiveFile, type ContentImage, type Notice } from '@portal/shared';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { photoJpeg } from '../applications/intake-fixtures.js';
import { up as stripStoredImages } from '../../../../migrations/20261123-05-public-images-without-metadata.js';

/**
 * Public images carry no metadata (docs/decisions/016-image-decoding-and-metadata.md): a phone
 * photo's EXIF holds where it was taken, the camera and its owner, and a visitor must get none of it.
 */
let ctx: TestContext;
let admin: StaffAgent;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'Admin');
});
afterAll(() => ctx.close());

const OWNER = 'Rahim Uddin, Kansat';
const CAMERA = 'SM-A135F';

/**
 * A phone photo as it leaves the camera: stored 300×200 with the left half red and the right half
 * blue, EXIF orientation 6 (turn 90° clockwise to view: 200×300, red on top), the owner, the
 * camera and the GPS position of the field.
 */
async function phonePhoto(format: 'jpeg' | 'png' | 'webp'): Promise<Uint8Array> {
  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">' +
      '<rect width="150" height="200" fill="#f00"/><rect x="150" width="150" height="200" fill="#00f"/></svg>',
  );
  const drawn = sharp(svg);
  const buf = await drawn[format]()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: OWNER, Make: 'Samsung', Model: CAMERA },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '24/1 41/1 3/1', GPSLongitudeRef: 'E', GPSLongitude: '88/1 9/1 7/1' },
    })
    .toBuffer();
  const meta = await sharp(buf).metadata();
  // The test photo really carries what must not leak.
  expect(meta.orientation).toBe(6);
  expect(meta.exif?.includes(OWNER)).toBe(true);
  return new Uint8Array(buf);
}

/** No metadata block at all, no trace of the owner or camera in the bytes, and the picture upright. */
async function expectCleanAndUpright(bytes: Uint8Array, where: string) {
  const meta = await sharp(bytes).metadata();
  expect(meta.exif, where).toBeUndefined();
  expect(meta.xmp, where).toBeUndefined();
  expect(meta.iptc, where).toBeUndefined();
  expect(meta.orientation ?? 1, where).toBe(1);
  const text = Buffer.from(bytes).toString('latin1');
  expect(text, where).not.toContain(OWNER);
  expect(text, where).not.toContain(CAMERA);
  // Upright: taller than wide, red at the top, blue at the bottom.
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.height, where).toBeGreaterThan(info.width);
  const pixel = (y: number) => [
    ...data.subarray((y * info.width + (info.width >> 1)) * 3, (y * info.width + (info.width >> 1)) * 3 + 3),
  ];
  const [top, bottom] = [pixel(Math.floor(info.height * 0.1)), pixel(Math.floor(info.height * 0.9))];
  expect(top[0]! > 200 && top[2]! < 60, `${where}: top is red, not ${top.join(',')}`).toBe(true);
  expect(bottom[2]! > 200 && bottom[0]! < 60, `${where}: bottom is blue, not ${bottom.join(',')}`).toBe(true);
}

function upload(path: string, bytes: Uint8Array, method = 'POST') {
  return ctx.request(path, {
    method,
    agent: admin,
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/octet-stream' },
  });
}

describe('public images carry no metadata and stand upright', () => {
  it('serves every size of a gallery image (thumb, phone, full) without EXIF or GPS, in JPEG, PNG and WebP', async () => {
    for (const [format, mime] of [
      ['jpeg', 'image/jpeg'],
      ['png', 'image/png'],
      ['webp', 'image/webp'],
    ] as const) {
      const res = await upload('/api/admin/galleries/gallery', await phonePhoto(format));
      expect(res.status).toBe(201);
      const image = (await res.json()) as ContentImage;
      expect(image).toMatchObject({ width: 200, height: 300 });
      for (const size of ['thumb', 'phone', 'full'] as const) {
        const r = await ctx.request(`/api/public/images/${image.id}?size=${size}`);
        expect(r.status).toBe(200);
        // The full size keeps the format it was uploaded in; the smaller ones are WebP.
        expect(r.headers.get('content-type')).toBe(size === 'full' ? mime : 'image/webp');
        await expectCleanAndUpright(new Uint8Array(await r.arrayBuffer()), `${format} ${size}`);
      }
    }
  });

  it('serves a public archive image and a notice image without EXIF or GPS', async () => {
    const archived = await upload('/api/admin/archive?name=field-photo&visibility=Public', await phonePhoto('jpeg'));
    expect(archived.status).toBe(201);
    const file = (await archived.json()) as ArchiveFile;
    const download = await ctx.request(`/api/public/downloads/${file.id}`);
    expect(download.status).toBe(200);
    await expectCleanAndUpright(new Uint8Array(await download.arrayBuffer()), 'archive');

    const created = await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'নোটিশ' }, agent: admin });
    const notice = (await created.json()) as Notice;
    expect((await upload(`/api/admin/notices/${notice.id}/file`, await phonePhoto('png'), 'PUT')).status).toBe(200);
    const served = await ctx.request(`/api/public/notices/${notice.id}/file`);
    expect(served.status).toBe(200);
    await expectCleanAndUpright(new Uint8Array(await served.arrayBuffer()), 'notice');
  });

  it('keeps the copy of a large photo saved at a low quality within the 1,500,000-byte limit', async () => {
    // 1.25 MB at quality 50; re-encoded at quality 90 it would be 1.85 MB, more than a stored file may be.
    const photo = await photoJpeg(2800, 1900, 50);
    expect(photo.byteLength).toBeLessThan(MAX_FILE_BYTES);
    const res = await upload('/api/admin/galleries/slider', photo);
    expect(res.status).toBe(201);
    const image = (await res.json()) as ContentImage;
    const full = new Uint8Array(await (await ctx.request(`/api/public/images/${image.id}?size=full`)).arrayBuffer());
    expect(full.byteLength).toBeLessThanOrEqual(MAX_FILE_BYTES);
    expect((await sharp(full).metadata()).width).toBe(2800);
  });

  it('takes the metadata out of images stored before (migration 20261123-05)', async () => {
    // Rows as the portal stored them before decision 016: the upload's bytes, EXIF and all.
    const stored = async (bytes: Uint8Array, mime: string) => {
      const id = crypto.randomUUID();
      const buf = Buffer.from(bytes);
      await ctx.db
        .insertInto('blobs')
        .values({
          id,
          bytes: buf,
          mime,
          size: buf.byteLength,
          sha256: crypto.createHash('sha256').update(buf).digest('hex'),
        })
        .execute();
      return id;
    };
    const imageId = crypto.randomUUID();
    await ctx.db
      .insertInto('content_images')
      .values({
        id: imageId,
        gallery: 'slider',
        blob_id: await stored(await phonePhoto('jpeg'), 'image/jpeg'),
        width: 200,
        height: 300,
      })
      .execute();
    const archiveId = crypto.randomUUID();
    await ctx.db
      .insertInto('archive_files')
      .values({
        id: archiveId,
        name: 'old',
        visibility: 'Public',
        blob_id: await stored(await phonePhoto('webp'), 'image/webp'),
      })
      .execute();
    const noticeId = crypto.randomUUID();
    await ctx.db
      .insertInto('notices')
      .values({
        id: noticeId,
        title: 'পুরোনো নোটিশ',
        description_html: '',
        blob_id: await stored(await phonePhoto('png'), 'image/png'),
      })
      .execute();
    const pdfBlob = await stored(new TextEncoder().encode('%PDF-1.4\n%%EOF\n'), 'application/pdf');
    await ctx.db
      .insertInto('archive_files')
      .values({ id: crypto.randomUUID(), name: 'pdf', visibility: 'Public', blob_id: pdfBlob })
      .execute();

    await stripStoredImages(ctx.db);

    const urls = {
      full: `/api/public/images/${imageId}?size=full`,
      archive: `/api/public/downloads/${archiveId}`,
      notice: `/api/public/notices/${noticeId}/file`,
    };
    for (const [where, url] of Object.entries(urls)) {
      const res = await ctx.request(url);
      expect(res.status, where).toBe(200);
      const bytes = new Uint8Array(await res.arrayBuffer());
      await expectCleanAndUpright(bytes, where);
      // The stored size and checksum describe the new bytes.
      const row = await ctx.db
        .selectFrom('blobs')
        .select(['size', 'sha256'])
        .where('sha256', '=', crypto.createHash('sha256').update(bytes).digest('hex'))
        .executeTakeFirst();
      expect(row?.size, where).toBe(bytes.byteLength);
    }
    // A PDF is left exactly as it was.
    const pdf = await ctx.db.selectFrom('blobs').select('bytes').where('id', '=', pdfBlob).executeTakeFirstOrThrow();
    expect(Buffer.from(pdf.bytes).toString('latin1')).toBe('%PDF-1.4\n%%EOF\n');
  });
});
