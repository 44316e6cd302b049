import type { Context } from 'hono';
import type { AcceptedFileType } from '@portal/shared';
import type { Attachment } from './blob-store.js';
import { extensionOf } from './sniff.js';

/**
 * How long a stored file may be kept, by whose it is (docs/decisions/013-request-hardening.md).
 * Personal files (applicants' documents and photos, officers' reports, the Private archive) are
 * never stored by any cache: with `max-age` they stayed in an office computer's browser cache after
 * the officer signed out. Public gallery images never change under an id; public notice and
 * download files may be kept an hour, so a deletion is honoured soon.
 */
export const FILE_CACHE = {
  personal: 'private, no-store',
  publicImmutable: 'public, max-age=31536000, immutable',
  publicHour: 'public, max-age=3600',
} as const;
export type FileCache = keyof typeof FILE_CACHE;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context
type AnyContext = Context<any, any, any>;

/**
 * The one way a stored file leaves the server (docs/decisions/018-service-targets.md, uploads; decision 013):
 * - the type sniffed at upload, never guessed again by the browser (nosniff);
 * - a sandboxing CSP, so a crafted file opened on our origin cannot run script there;
 * - a PDF is always an attachment: opened inline, JavaScript inside an uploaded PDF ran in the
 *   visitor's PDF viewer; images show inline (the print page embeds the photo) unless `download`;
 * - a name we choose: the ASCII fallback, plus filename* (RFC 6266) when the name is Bangla.
 */
export function storedFileResponse(
  c: AnyContext,
  file: { bytes: Uint8Array; mime: string },
  opts: { cache: FileCache; name?: string; download?: boolean },
): Response {
  // Only sniffed types are ever stored (files/sniff.ts), so the blob's type is one of ours.
  const ext = extensionOf(file.mime as AcceptedFileType);
  const base = opts.name?.trim() || 'file';
  const name = base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
  const ascii = asciiName(name);
  const attachment = opts.download || file.mime === 'application/pdf';
  const disposition =
    `${attachment ? 'attachment' : 'inline'}; filename="${ascii}"` +
    (ascii === name ? '' : `; filename*=UTF-8''${encodeURIComponent(name)}`);
  const body = file.bytes.buffer.byteLength === file.bytes.byteLength ? file.bytes : file.bytes.slice();
  return c.body(body as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': file.mime,
    'Content-Length': String(file.bytes.byteLength),
    'Content-Disposition': disposition,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "sandbox; default-src 'none'",
    'Cache-Control': FILE_CACHE[opts.cache],
  });
}

/** An applicant's or officer's file: personal, named by its slot (photo.jpg), never by what the uploader chose. */
export function fileResponse(c: AnyContext, file: Attachment): Response {
  return storedFileResponse(c, file, { cache: 'personal', name: file.slot });
}

/** Printable ASCII only, without the quote and backslash that would end or escape the quoted name. */
function asciiName(name: string): string {
  return (
    name
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/["\\]/g, '_')
      .trim() || 'file'
  );
}
