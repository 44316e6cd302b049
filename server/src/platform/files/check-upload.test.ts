import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { signInAs, type StaffAgent } from '../../test/roles.js';
import { Problem } from '../http/problem.js';
import {
  jpegBytes,
  pdfBytes,
  photoJpeg,
  pngBytes,
  problemOf,
  putFile,
  requiredFiles,
  submission,
  truncatedJpeg,
  webpBytes,
} from '../../modules/applications/intake-fixtures.js';
import { body, PATH, put, serviceFiles } from '../../modules/services/services-fixtures.js';
import { insertApplication } from '../../modules/requests/request-fixtures.js';
import { checkUpload } from './check-upload.js';

const UNREADABLE_BN = 'ছবিটি খোলা যায়নি';

/** What the old fixtures sent as a "JPEG": SOI, a JFIF header and EOI, with no picture in between. */
const HEADER_ONLY_JPEG = new Uint8Array([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A one-pixel PNG whose header claims width × height (a decompression bomb's trick). */
function pngClaiming(width: number, height: number): Uint8Array {
  const png = Buffer.from(pngBytes(0, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return new Uint8Array(png);
}

async function refusal(bytes: Uint8Array, opts?: { imageOnly?: boolean }): Promise<string> {
  try {
    await checkUpload(bytes, opts);
  } catch (e) {
    if (e instanceof Problem) return e.code;
    throw e;
  }
  return 'accepted';
}

describe('checkUpload: the type comes from the bytes, then the whole file must open', () => {
  it('accepts real JPEG, PNG, WebP and PDF files and hands their bytes back unchanged', async () => {
    const files = [
      [await photoJpeg(), 'image/jpeg'],
      [jpegBytes(3), 'image/jpeg'],
      [pngBytes(5, 32), 'image/png'],
      [webpBytes(), 'image/webp'],
      [pdfBytes(1), 'application/pdf'],
    ] as const;
    for (const [bytes, mime] of files) {
      const checked = await checkUpload(bytes);
      expect(checked.mime).toBe(mime);
      expect(checked.bytes).toBe(bytes);
    }
  });

  it('refuses pictures that do not open: cut off, header only, or claiming more than 50 megapixels', async () => {
    expect(await refusal(await truncatedJpeg(100))).toBe('IMAGE_UNREADABLE');
    const photo = await photoJpeg();
    expect(await refusal(photo.slice(0, photo.byteLength - 200))).toBe('IMAGE_UNREADABLE');
    expect(await refusal(HEADER_ONLY_JPEG)).toBe('IMAGE_UNREADABLE');
    const png = pngBytes(7, 32);
    expect(await refusal(png.slice(0, png.byteLength - 20))).toBe('IMAGE_UNREADABLE');
    expect(await refusal(webpBytes().slice(0, 40))).toBe('IMAGE_UNREADABLE');
    expect(await refusal(pngClaiming(10_000, 10_000))).toBe('IMAGE_UNREADABLE');
  });

  it('refuses a PDF cut off before its end marker, and anything but an image where only an image will do', async () => {
    const pdf = pdfBytes(2);
    expect(await refusal(pdf.slice(0, pdf.byteLength - 10))).toBe('PDF_UNREADABLE');
    expect(await refusal(pdf, { imageOnly: true })).toBe('FILE_MUST_BE_IMAGE');
    expect(await refusal(new TextEncoder().encode('just text'), { imageOnly: true })).toBe('FILE_MUST_BE_IMAGE');
    expect(await refusal(new TextEncoder().encode('just text'))).toBe('FILE_TYPE');
  });
});

describe('every route that takes an upload refuses a picture that does not open (422, in Bangla, nothing stored)', () => {
  let ctx: TestContext;
  let admin: StaffAgent;
  let badc: StaffAgent;
  let broken: Uint8Array;
  beforeAll(async () => {
    ctx = await createTestContext();
    [admin, badc] = await Promise.all([signInAs(ctx, 'Admin'), signInAs(ctx, 'BADC')]);
    broken = await truncatedJpeg(100);
  });
  afterAll(() => ctx.close());

  const blobCount = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('blobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** The answer is 422 with the catalogue's Bangla and English text, and no blob was written. */
  async function expectRefused(send: () => Promise<Response>, code = 'IMAGE_UNREADABLE') {
    const before = await blobCount();
    const res = await send();
    expect(res.status).toBe(422);
    const problem = await problemOf(res);
    expect(problem.code).toBe(code);
    expect(problem.message).toContain(code === 'IMAGE_UNREADABLE' ? UNREADABLE_BN : 'PDF ফাইলটি খোলা যায়নি');
    expect(problem.messageEn).toMatch(/could not be opened/);
    expect(JSON.stringify(problem)).not.toMatch(/vips|sharp|at .*\.ts/i);
    expect(await blobCount()).toBe(before);
  }

  it('the applicant form: a cut-off photo is refused and the application stays waiting for it', async () => {
    const files = requiredFiles(900);
    files.photo = { bytes: broken, mime: 'image/jpeg', name: 'photo.jpg' };
    const form = submission(files);
    expect((await ctx.request('/api/intake/new', { method: 'POST', json: form })).status).toBe(201);
    await expectRefused(() => putFile(ctx, form.clientId, 'photo', broken));
    // A cut-off PDF in a document slot, too.
    const cutPdf = pdfBytes(901).slice(0, 60);
    const withPdf = requiredFiles(902);
    withPdf.landRecord = { bytes: cutPdf, mime: 'application/pdf', name: 'land.pdf' };
    const second = submission(withPdf);
    expect((await ctx.request('/api/intake/new', { method: 'POST', json: second })).status).toBe(201);
    await expectRefused(() => putFile(ctx, second.clientId, 'landRecord', cutPdf), 'PDF_UNREADABLE');
    // The real files of that application are taken.
    expect((await putFile(ctx, second.clientId, 'photo', withPdf.photo!.bytes)).status).toBe(201);
  });

  it('the complaint and copy forms', async () => {
    const complaint = serviceFiles('complaint', 910);
    complaint.licenceForm = { bytes: broken, mime: 'image/jpeg', name: 'form.jpg' };
    const c = body('complaint', complaint);
    expect((await ctx.request(PATH.complaint, { method: 'POST', json: c })).status).toBe(201);
    await expectRefused(() => put(ctx, 'complaint', c.clientId, 'licenceForm', broken));

    const copy = serviceFiles('copy', 920);
    copy.photo = { bytes: broken, mime: 'image/jpeg', name: 'photo.jpg' };
    const k = body('copy', copy);
    expect((await ctx.request(PATH.copy, { method: 'POST', json: k })).status).toBe(201);
    await expectRefused(() => put(ctx, 'copy', k.clientId, 'photo', broken));
    expect((await put(ctx, 'copy', k.clientId, 'nid', copy.nid!.bytes)).status).toBe(201);
  });

  it("an officer's file", async () => {
    const { id } = await insertApplication(ctx, { stage: 'Pending', seen: { chairman: true, uno: true, badc: true } });
    const send = (bytes: Uint8Array) =>
      ctx.request(`/api/staff/applications/${id}/files/inspectionReport`, {
        method: 'PUT',
        agent: badc,
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': 'image/jpeg' },
      });
    await expectRefused(() => send(broken));
    expect((await send(await photoJpeg())).status).toBe(200);
  });

  it("the Admin's slider, gallery and GEO images, archive files and notice files", async () => {
    const upload = (path: string, bytes: Uint8Array, method = 'POST') =>
      ctx.request(path, {
        method,
        agent: admin,
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { 'content-type': 'application/octet-stream' },
      });
    for (const gallery of ['slider', 'gallery', 'geo']) {
      await expectRefused(() => upload(`/api/admin/galleries/${gallery}`, broken));
    }
    await expectRefused(() => upload('/api/admin/archive?name=form&visibility=Public', broken));
    await expectRefused(
      () => upload('/api/admin/archive?name=form&visibility=Public', pdfBytes(3).slice(0, 50)),
      'PDF_UNREADABLE',
    );
    const notice = await ctx.request('/api/admin/notices', { method: 'POST', json: { title: 'নোটিশ' }, agent: admin });
    const { id } = (await notice.json()) as { id: string };
    await expectRefused(() => upload(`/api/admin/notices/${id}/file`, broken, 'PUT'));
    expect((await upload('/api/admin/galleries/slider', await photoJpeg())).status).toBe(201);
  });
});
