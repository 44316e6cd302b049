import type { Context } from 'hono';
import { MAX_FILE_BYTES } from '@portal/shared';
import { Problem } from './problem.js';

/**
 * Reads a raw-byte upload (one file per request, guide/OFFLINE.md) while counting its bytes.
 * The limit is enforced on the stream itself (guide/QUALITY.md, uploads): a chunked body without a
 * Content-Length, or one whose Content-Length lies, is cut off the moment it passes maxBytes, so a
 * huge body is never buffered. A Content-Length that already says too much is refused before reading.
 */
export async function readUpload(c: Context, opts: { maxBytes?: number } = {}): Promise<Uint8Array> {
  const maxBytes = opts.maxBytes ?? MAX_FILE_BYTES;
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

/** The X-File-Name header, URI-encoded (Bangla names); an unreadable one is dropped, never a reason to refuse the file. */
export function uploadFileName(c: Context): string | null {
  const raw = c.req.header('x-file-name');
  if (!raw) return null;
  try {
    return (
      decodeURIComponent(raw)
        .replace(/[\r\n"\\/]/g, '_')
        .slice(0, 255) || null
    );
  } catch {
    return null;
  }
}
