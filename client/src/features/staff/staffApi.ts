import { api, ApiError } from '../../api/client';
import { markSignedOut } from './useMe';

/**
 * `api()` for staff screens: a 401 means the session ended (idle timeout, role removed), so the
 * cached account is dropped and the shell's guard takes the person to /login with the origin kept.
 */
export async function staffApi<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  try {
    return await api<T>(path, init);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) markSignedOut();
    throw e;
  }
}

/** A UUID for idempotent writes; crypto.randomUUID exists only on https or localhost, an office LAN may be plain http. */
export function newClientActionId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
