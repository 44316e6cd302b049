import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ProblemCode } from '@portal/shared';
import { Problem, problemResponse } from './problem.js';

/**
 * What Hono and @hono/zod-openapi throw themselves before a handler runs, as catalogue problems
 * (docs/decisions/013): the JSON validator's "Malformed JSON" (400), the media-type gate of a JSON
 * route sent anything but JSON (415), and a body past a limit (413). Client mistakes, not ours:
 * answered in Bangla and not logged as errors.
 */
const THROWN_BY_HONO: Partial<Record<number, ProblemCode>> = {
  400: 'BAD_JSON',
  413: 'BODY_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

/** app.onError: every failure leaves as a problem; only the unexpected ones are logged (with their stack). */
export function errorResponse(err: Error, c: Context): Response {
  if (err instanceof Problem) return problemResponse(c, err.code, err.extra);
  const known = err instanceof HTTPException ? THROWN_BY_HONO[err.status] : undefined;
  if (known) return problemResponse(c, known);
  console.error(`[error] ${c.req.method} ${c.req.path}`, err);
  return problemResponse(c, 'INTERNAL');
}
