import type { Context } from 'hono';
import { extensionOf } from '../../files/sniff.js';
import type { AcceptedFileType } from '@portal/shared';

/**
 * Content files as HTTP answers. The type is the one sniffed at upload (nosniff, never guessed
 * again); images get a sandboxing CSP so a crafted file cannot run script on our origin.
 * Gallery images never change under an id (a new upload gets a new id), so they are cached for a
 * year; archive and notice files for an hour, so a deletion is honoured soon.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context
type AnyContext = Context<any, any, any>;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const ONE_HOUR = 'public, max-age=3600';

function asciiName(name: string): string {
  return (
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'file'
  );
}

export function bytesResponse(
  c: AnyContext,
  file: { bytes: Uint8Array; mime: string },
  opts: { cache: string; name?: string; download?: boolean },
): Response {
  const mime = file.mime as AcceptedFileType;
  const headers: Record<string, string> = {
    'Content-Type': mime,
    'Content-Length': String(file.bytes.byteLength),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': opts.cache,
    // A PDF viewer does not start inside a sandboxed document, so PDFs get a no-sandbox policy without any source.
    'Content-Security-Policy':
      mime === 'application/pdf' ? "default-src 'none'; object-src 'self'" : "sandbox; default-src 'none'",
  };
  if (opts.name !== undefined || opts.download) {
    const base = opts.name ?? 'file';
    const ext = extensionOf(mime);
    const full = base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
    // filename* carries a Bangla name (RFC 6266/5987); filename is the ASCII fallback.
    headers['Content-Disposition'] =
      `${opts.download ? 'attachment' : 'inline'}; filename="${asciiName(full)}"; filename*=UTF-8''${encodeURIComponent(full)}`;
  }
  const body = file.bytes.buffer.byteLength === file.bytes.byteLength ? file.bytes : file.bytes.slice();
  return c.body(body as Uint8Array<ArrayBuffer>, 200, headers);
}
