import { api, ApiError } from '../../api/client';
import { newId } from '../../offline/ids';
import { markPasswordChangeRequired, markSignedOut } from './useMe';

/**
 * `api()` for staff screens: a 401 means the session ended (idle timeout, role removed), so the
 * cached account is dropped and the shell's guard takes the person to /login with the origin kept.
 */
export async function staffApi<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  try {
    return await api<T>(path, init);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) markSignedOut();
    // The password must be changed first: the shell then shows the password-change screen (decision 014).
    if (e instanceof ApiError && e.code === 'PASSWORD_CHANGE_REQUIRED') markPasswordChangeRequired();
    throw e;
  }
}

/** A UUID for idempotent writes: the client's one id helper, which also works over plain http (decision 012). */
export const newClientActionId = newId;
