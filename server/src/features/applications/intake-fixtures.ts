import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  REQUIRED_SLOTS_BY_KIND,
  type ApplicationDocSlot,
  type FileManifestEntry,
  type ProblemBody,
} from '@portal/shared';
import type { TestContext } from '../../test/harness.js';

/**
 * Test data for the intake tests: small but real files (valid magic bytes and structure) made in
 * the test, a valid new-licence form, and helpers to send them the way the phone's outbox does.
 */
function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG of size×size pixels in one colour (1x1 by default); `seed` picks the colour so two files differ. */
export function pngBytes(seed = 0, size = 1): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([seed & 255, (seed >> 8) & 255, 7], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', zlib.deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A JPEG's start (SOI + JFIF APP0) and end; enough for every magic-byte sniffer. */
export function jpegBytes(seed = 0): Uint8Array {
  return new Uint8Array([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xfe,
    0x00,
    0x04,
    seed & 255,
    (seed >> 8) & 255,
    0xff,
    0xd9,
  ]);
}

export function pdfBytes(seed = 0): Uint8Array {
  return new TextEncoder().encode(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${seed}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

export const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

export function validFields(overrides: Record<string, unknown> = {}) {
  return {
    applicantName: 'রহিম উদ্দিন',
    fatherName: 'করিম উদ্দিন',
    mobile: '০১৭১২৩৪৫৬৭৮',
    upazila: 'শিবগঞ্জ',
    village: 'কানসাট',
    union: 'কানসাট',
    postOffice: 'কানসাট',
    mouza: 'কানসাট',
    jlNumber: '১২',
    khotian: '৩৪',
    dagNumber: '৫৬',
    wellClass: 'deep',
    wellSize: '1.0',
    pumpType: 'electric',
    advanceFee: '৫০০',
    agreed: true,
    ...overrides,
  };
}

export type FileSet = Partial<Record<ApplicationDocSlot, { bytes: Uint8Array; mime: string; name: string }>>;

/** The six files the new form requires: photo and signature as images, the rest PDFs and images. */
export function requiredFiles(seed = 0): FileSet {
  const files: FileSet = {};
  for (const [i, slot] of REQUIRED_SLOTS_BY_KIND.New.entries()) {
    const kind = i % 3;
    const bytes =
      slot === 'photo'
        ? jpegBytes(seed + i)
        : kind === 0
          ? pngBytes(seed + i)
          : kind === 1
            ? jpegBytes(seed + i)
            : pdfBytes(seed + i);
    const mime = bytes[0] === 0xff ? 'image/jpeg' : bytes[0] === 0x89 ? 'image/png' : 'application/pdf';
    files[slot] = { bytes, mime, name: `${slot}.${mime.split('/')[1]}` };
  }
  return files;
}

export function manifestOf(files: FileSet): FileManifestEntry[] {
  return Object.entries(files).map(([slot, f]) => ({
    slot: slot as ApplicationDocSlot,
    size: f!.bytes.byteLength,
    sha256: sha256(f!.bytes),
    mime: f!.mime,
    name: f!.name,
  }));
}

export function submission(files: FileSet, opts: { clientId?: string; fields?: Record<string, unknown> } = {}) {
  return {
    clientId: opts.clientId ?? crypto.randomUUID(),
    kind: 'New',
    fields: validFields(opts.fields),
    files: manifestOf(files),
  };
}

export function putFile(
  ctx: TestContext,
  id: string,
  slot: string,
  bytes: Uint8Array,
  opts: { sha?: string; name?: string; mime?: string; headers?: Record<string, string> } = {},
) {
  return ctx.request(`/api/applications/${id}/files/${slot}`, {
    method: 'PUT',
    body: bytes as Uint8Array<ArrayBuffer>,
    headers: {
      'content-type': opts.mime ?? 'application/octet-stream',
      'x-file-name': encodeURIComponent(opts.name ?? `${slot}.bin`),
      'x-file-sha256': opts.sha ?? sha256(bytes),
      ...opts.headers,
    },
  });
}

/** Submits the form and every file; returns the id and the application number. */
export async function submitComplete(ctx: TestContext, files = requiredFiles()) {
  const body = submission(files);
  const res = await ctx.request('/api/applications', { method: 'POST', json: body });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  const { applicationNumber } = (await res.json()) as { applicationNumber: number };
  for (const [slot, f] of Object.entries(files)) {
    const up = await putFile(ctx, body.clientId, slot, f!.bytes);
    if (up.status !== 201) throw new Error(`upload ${slot} answered ${up.status}: ${await up.text()}`);
  }
  return { id: body.clientId, applicationNumber };
}

/** The error of a problem answer (shared/src/problems.ts). */
export async function problemOf(res: Response): Promise<ProblemBody['error']> {
  return ((await res.json()) as ProblemBody).error;
}

/** A success answer, typed by its contract. */
export async function jsonOf<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
