import type { Context } from 'hono';
import { ACCEPTED_FILE_TYPES, MAX_FILE_BYTES, type ProblemCode } from '@portal/shared';
import { Problem } from './problem.js';

/**
 * The Content-Type an upload must declare (docs/decisions/013): one of the file types we store, or
 * application/octet-stream, which the portal's own pages send when the phone gave the file no type
 * (and which items already waiting in a phone's outbox carry). The stored type is still decided by
 * the bytes. What this refuses is what a page on another site can send without a CORS preflight:
 * text/plain, a form encoding, or no type at all (a no-cors fetch drops any other type), so such a
 * request cannot publish a file with an officer's cookies. The old names some systems still give
 * the same formats are accepted too, so no queued file is refused for its label.
 */
const UPLOAD_MEDIA_TYPES: readonly string[] = [
  ...ACCEPTED_FILE_TYPES,
  'application/octet-stream',
  'image/jpg',
  'image/pjpeg',
  'image/x-png',
  'application/x-pdf',
];

function isUploadMediaType(contentType: string | undefined): boolean {
  return UPLOAD_MEDIA_TYPES.includes((contentType ?? '').split(';')[0]!.trim().toLowerCase());
}

/** What readUpload answers; /api/openapi.json lists them for every route with UPLOAD_BODY (http/openapi-contract.ts). */
export const UPLOAD_PROBLEMS = ['FILE_TYPE', 'FILE_TOO_LARGE', 'FILE_EMPTY'] as const satisfies readonly ProblemCode[];

/**
 * The request body of a route that reads it with readUpload, as /api/openapi.json states it.
 * Documentation only: a body without a zod schema passes the router's validators untouched, and
 * readUpload checks the type itself. The old names above are left out: they are accepted, not offered.
 */
export const UPLOAD_BODY = {
  required: true,
  description: 'The file as raw bytes (X-File-Name: its name, URI-encoded); the stored type is decided by the bytes',
  content: Object.fromEntries(
    [...ACCEPTED_FILE_TYPES, 'application/octet-stream'].map((type) => [
      type,
      { schema: { type: 'string' as const, format: 'binary' } },
    ]),
  ),
};

/**
 * Reads a raw-byte upload (one file per request, docs/decisions/018-service-targets.md) while counting its bytes, once
 * its declared type is one an upload may carry (415 FILE_TYPE otherwise, unread).
 * The limit is enforced on the stream itself (docs/decisions/018-service-targets.md, uploads): a chunked body without a
 * Content-Length, or one whose Content-Length lies, is cut off the moment it passes maxBytes, so a
 * huge body is never buffered. A Content-Length that already says too much is refused before reading.
 */
export async function readUpload(c: Context, opts: { maxBytes?: number } = {}): Promise<Uint8Array> {
  const maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
  if (!isUploadMediaType(c.req.header('content-type'))) {
    await c.req.raw.body?.cancel().catch(() => undefined);
    throw new Problem('FILE_TYPE');
  }
  const declared = c.req.header('content-length');
  if (declared !== undefined && /^\d+$/.test(declared.trim())) {
    const n = Number(declared);
    if (n > maxBytes) {
      await c.req.raw.body?.cancel().catch(() => undefined);
      throw new Problem('FILE_TOO_LARGE');
    }
  }
  const body = c.req.raw.body;
  if (!body) throw new Problem('FILE_EMPTY');

  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!value || value.byteLength === 0) continue;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new Problem('FILE_TOO_LARGE');
    }
    chunks.push(value);
  }
  if (total === 0) throw new Problem('FILE_EMPTY');
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The X-File-Name header, URI-encoded (Bangla names); an unreadable one is dropped, never a reason
 * to refuse the file. Control characters (NUL, which PostgreSQL cannot store, line breaks) become _.
 */
export function uploadFileName(c: Context): string | null {
  const raw = c.req.header('x-file-name');
  if (!raw) return null;
  try {
    return (
      decodeURIComponent(raw)
        // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced
        .replace(/[\u0000-\u001f\u007f"\\/]/g, '_')
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}
