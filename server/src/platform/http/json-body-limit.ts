import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problemResponse } from './problem.js';

/**
 * The largest JSON body the API reads (docs/decisions/013). The largest legitimate one is a notice
 * or page of RICH_TEXT_MAX (100,000) characters: Bangla is 3 bytes a character in UTF-8, and a
 * character JSON must escape (\u0001) takes 6, so 600,000 bytes at worst, well inside 1 MiB.
 * File uploads are raw bytes and have their own limit (http/upload.ts).
 */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/** The media types Hono's validator parses as JSON; only those bodies are counted here. */
const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

const limit = bodyLimit({
  maxSize: JSON_BODY_MAX_BYTES,
  onError: (c) => problemResponse(c, 'BODY_TOO_LARGE'),
});

/**
 * 413 BODY_TOO_LARGE before a byte is parsed: a declared Content-Length over the limit is refused
 * unread, and a chunked body is counted as it arrives and cut off at the limit.
 */
export const jsonBodyLimit: MiddlewareHandler = async (c, next) => {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  return JSON_MEDIA_TYPE.test(mediaType) ? limit(c, next) : next();
};
