import type { ProblemBody } from '@portal/shared/problems';

/**
 * The typed fetch wrapper for /api. Failures become ApiError with the server's problem (Bangla
 * message, field messages); a network failure becomes ApiError with code NETWORK, so every screen
 * can show a clear message and a way on (spec README defect 5).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageBn: string,
    readonly messageEn: string,
    readonly body?: ProblemBody['error'],
  ) {
    super(messageEn || code);
  }
  get isNetwork(): boolean {
    return this.code === 'NETWORK';
  }
}

const NETWORK_BN = 'সংযোগ পাওয়া যাচ্ছে না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।';
const NETWORK_EN = 'No connection. Check the internet connection and try again.';

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (json !== undefined) {
    headers.set('content-type', 'application/json');
    rest.body = JSON.stringify(json);
  }
  let res: Response;
  try {
    res = await fetch(path, { credentials: 'same-origin', ...rest, headers });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_BN, NETWORK_EN);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: handled below */
  }
  if (!res.ok) {
    const problem = (body as ProblemBody | undefined)?.error;
    if (problem) throw new ApiError(res.status, problem.code, problem.message, problem.messageEn, problem);
    throw new ApiError(res.status, res.status >= 500 ? 'INTERNAL' : 'HTTP_' + res.status, NETWORK_BN, NETWORK_EN);
  }
  return body as T;
}
