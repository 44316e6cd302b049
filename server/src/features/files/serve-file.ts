import type { Context } from 'hono';
import type { Attachment } from '../../files/blob-store.js';
import { extensionOf } from '../../files/sniff.js';

/**
 * An uploaded file as an HTTP answer (guide/QUALITY.md, uploads): the type decided when it was
 * sniffed, never guessed again by the browser (nosniff), a sandboxing CSP so a crafted file cannot
 * run script on our origin, and a generated name (slot.ext) instead of whatever the uploader chose.
 * PDFs are offered as downloads; images show inline (the print page embeds the photo).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context
export function fileResponse(c: Context<any, any, any>, file: Attachment): Response {
  const disposition = file.mime === 'application/pdf' ? 'attachment' : 'inline';
  const body = file.bytes.buffer.byteLength === file.bytes.byteLength ? file.bytes : file.bytes.slice();
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.bytes.byteLength),
    'Content-Disposition': `${disposition}; filename="${file.slot}.${extensionOf(file.mime)}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': 'private, max-age=3600',
  });
}
