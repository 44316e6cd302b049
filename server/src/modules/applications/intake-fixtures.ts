import crypto from 'node:crypto';
import zlib from 'node:zlib';
import sharp from 'sharp';
import {
  isImageOnlySlot,
  KIND_SLOTS,
  KIND_SLUG,
  type ApplicationDocSlot,
  type Kind,
  type ManifestEntry,
  type ProblemBody,
} from '@portal/shared';
import type { Agent, TestContext } from '../../test/harness.js';

/**
 * Test data for the intake tests: small but real files (pictures that decode, PDFs with header and
 * trailer) made in the test, a valid new-licence form, and helpers to send them the way the
 * phone's outbox does, to the one intake (server/src/modules/intake/, decision 023).
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

/**
 * A real 16×16 JPEG (a green-to-yellow gradient, made once with sharp): it decodes to its last
 * pixel, as every uploaded image must (docs/decisions/016-image-decoding-and-metadata.md).
 */
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAQABADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAABQP/xAAWEAADAAAAAAAAAAAAAAAAAAAABEH/xAAVAQEBAAAAAAAAAAAAAAAAAAACBf/EABURAQEAAAAAAAAAAAAAAAAAAAAE/9oADAMBAAIRAxEAPwCSsGVYDKwZVhGoKZ//2Q==',
  'base64',
);

/** JPEG comment segments (FF FE) of `total` bytes in all, each at most 65,539 bytes with its header. */
function commentSegments(total: number, fill = 0x20): Buffer {
  if (total === 0) return Buffer.alloc(0);
  const count = Math.ceil(total / 65_539);
  const parts: Buffer[] = [];
  for (let i = 0; i < count; i++) {
    const size = Math.floor(total / count) + (i < total % count ? 1 : 0);
    if (size < 4) throw new Error(`a comment segment needs 4 bytes at least, not ${size}`);
    const seg = Buffer.alloc(size, fill);
    seg.set([0xff, 0xfe], 0);
    seg.writeUInt16BE(size - 2, 2);
    parts.push(seg);
  }
  return Buffer.concat(parts);
}

/** After SOI: where a comment segment may go without touching the picture. */
function withComment(jpeg: Buffer, comment: Buffer): Uint8Array {
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2)]));
}

/** A real JPEG; `seed` goes into a comment segment, so two seeds give two files (two SHA-256s). */
export function jpegBytes(seed = 0): Uint8Array {
  const text = Buffer.from(`seed ${seed}`, 'latin1');
  const comment = Buffer.alloc(4);
  comment.set([0xff, 0xfe], 0);
  comment.writeUInt16BE(text.length + 2, 2);
  return withComment(TINY_JPEG, Buffer.concat([comment, text]));
}

/** A real 16×16 lossy WebP (the same gradient). */
export function webpBytes(): Uint8Array {
  return new Uint8Array(
    Buffer.from(
      'UklGRjwAAABXRUJQVlA4IDAAAACwAQCdASoQABAAAsBMJagCdADGKDYAAP6BDSTlrfJX8qV/ozPoQuVoT84IkNR/gAA=',
      'base64',
    ),
  );
}

/** A real photo-like JPEG (noise, so it does not compress to nothing) of the given size in pixels. */
export async function photoJpeg(width = 640, height = 480, quality = 70): Promise<Uint8Array> {
  const noise = { type: 'gaussian' as const, mean: 120, sigma: 40 };
  const buf = await sharp({ create: { width, height, channels: 3, background: '#000', noise } })
    .jpeg({ quality })
    .toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** A real JPEG of exactly `size` bytes: a photo a little smaller, filled up with comment segments. */
export async function jpegOfSize(size: number): Promise<Uint8Array> {
  const photo = Buffer.from(await photoJpeg(1200, 900, 60));
  if (photo.byteLength + 4 > size) throw new Error(`the base photo (${photo.byteLength} bytes) is larger than ${size}`);
  return withComment(photo, commentSegments(size - photo.byteLength));
}

/** The first `keep` bytes of a real JPEG: the header sniffs as a JPEG, the picture is cut off. */
export async function truncatedJpeg(keep = 100): Promise<Uint8Array> {
  return (await photoJpeg()).slice(0, keep);
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

export type FileSet = Partial<Record<string, { bytes: Uint8Array; mime: string; name: string }>>;

/** Where a kind's requests are sent: /api/intake/{slug}. */
export const intakePath = (kind: Kind = 'New') => `/api/intake/${KIND_SLUG[kind]}`;

/** Every file a kind requires: photo and signature as pictures, the others PNGs, JPEGs and PDFs in turn. */
export function filesFor(kind: Kind, seed = 0): FileSet {
  const files: FileSet = {};
  for (const [i, slot] of (KIND_SLOTS[kind] as readonly string[]).entries()) {
    const pick = i % 3;
    const bytes = isImageOnlySlot(slot)
      ? jpegBytes(seed + i)
      : pick === 0
        ? pngBytes(seed + i)
        : pick === 1
          ? jpegBytes(seed + i)
          : pdfBytes(seed + i);
    const mime = bytes[0] === 0xff ? 'image/jpeg' : bytes[0] === 0x89 ? 'image/png' : 'application/pdf';
    files[slot] = { bytes, mime, name: `${slot}.${mime.split('/')[1]}` };
  }
  return files;
}

/** The six files the new form requires. */
export function requiredFiles(
  seed = 0,
): Partial<Record<ApplicationDocSlot, { bytes: Uint8Array; mime: string; name: string }>> {
  return filesFor('New', seed);
}

export function manifestOf(files: FileSet): ManifestEntry[] {
  return Object.entries(files).map(([slot, f]) => ({
    slot,
    size: f!.bytes.byteLength,
    sha256: sha256(f!.bytes),
    mime: f!.mime,
    name: f!.name,
  }));
}

export function submission(files: FileSet, opts: { clientId?: string; fields?: Record<string, unknown> } = {}) {
  return {
    clientId: opts.clientId ?? crypto.randomUUID(),
    fields: validFields(opts.fields),
    files: manifestOf(files),
  };
}

export function putFile(
  ctx: TestContext,
  id: string,
  slot: string,
  bytes: Uint8Array,
  opts: { sha?: string; name?: string; mime?: string; headers?: Record<string, string>; kind?: Kind } = {},
) {
  return ctx.request(`${intakePath(opts.kind)}/${id}/files/${slot}`, {
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

/**
 * Sends a request of any kind and every file; returns the id and its number. `body` is the
 * item's { clientId, fields, files } (files matching `files`).
 */
export async function sendComplete(
  ctx: TestContext,
  kind: Kind,
  body: { clientId: string; fields: Record<string, unknown>; files: ManifestEntry[] },
  files: FileSet,
  opts: { agent?: Agent } = {},
) {
  const res = await ctx.request(intakePath(kind), { method: 'POST', json: body, agent: opts.agent });
  if (res.status !== 201) throw new Error(`submit answered ${res.status}: ${await res.text()}`);
  const { referenceNumber } = (await res.json()) as { referenceNumber: number };
  for (const [slot, f] of Object.entries(files)) {
    const up = await putFile(ctx, body.clientId, slot, f!.bytes, { kind });
    if (up.status !== 201) throw new Error(`upload ${slot} answered ${up.status}: ${await up.text()}`);
  }
  return { id: body.clientId, referenceNumber };
}

/** Submits the new-licence form and every file; returns the id and the application number. */
export async function submitComplete(ctx: TestContext, files = requiredFiles()) {
  const { id, referenceNumber } = await sendComplete(ctx, 'New', submission(files), files);
  return { id, applicationNumber: referenceNumber };
}

/** The error of a problem answer (shared/src/problems.ts). */
export async function problemOf(res: Response): Promise<ProblemBody['error']> {
  return ((await res.json()) as ProblemBody).error;
}

/** A success answer, typed by its contract. */
export async function jsonOf<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
