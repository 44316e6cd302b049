import type { Context } from 'hono';
import type { ZodError } from 'zod';
import {
  PROBLEMS,
  problemMessageKey,
  translate,
  type MessageKey,
  type ProblemBody,
  type ProblemCode,
} from '@portal/shared';

/**
 * Every failure leaves the server as a problem from the one catalogue (shared/src/problems.ts):
 * the right status, a code, a Bangla message and its English text. Throw a Problem anywhere in a
 * handler; app.ts turns it into the response.
 */
export class Problem extends Error {
  constructor(
    readonly code: ProblemCode,
    readonly extra: Omit<ProblemBody['error'], 'code' | 'message' | 'messageEn'> = {},
  ) {
    super(code);
  }
  get status(): number {
    return PROBLEMS[this.code];
  }
}

export function problemBody(code: ProblemCode, extra: Problem['extra'] = {}): ProblemBody {
  const key = problemMessageKey(code);
  return { error: { code, message: translate('bn', key), messageEn: translate('en', key), ...extra } };
}

export function problemResponse(c: Context, code: ProblemCode, extra: Problem['extra'] = {}): Response {
  const headers: Record<string, string> = {};
  if (extra.retryAfterSeconds) headers['Retry-After'] = String(Math.ceil(extra.retryAfterSeconds));
  return c.json(problemBody(code, extra), PROBLEMS[code] as 400, headers);
}

/** Zod issues as `{ 'fields.mobile': 'Bangla message' }`; issue messages are i18n keys (shared/schemas/fields.ts). */
export function zodFieldMessages(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.') || '_';
    if (fields[path]) continue;
    const key = issue.message as MessageKey;
    const text = translate('bn', key);
    fields[path] = text === key ? translate('bn', 'problem.VALIDATION' as MessageKey) : text;
  }
  return fields;
}

export function validationProblem(error: ZodError): Problem {
  return new Problem('VALIDATION', { fields: zodFieldMessages(error) });
}
