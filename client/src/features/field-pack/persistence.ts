/**
 * Persistent storage for the field pack (docs/decisions/031-field-pack.md): without it a browser
 * short of space may evict the whole site's IndexedDB, pack included. Asked when preparing; the
 * answer is shown, since a phone that refuses still keeps the pack until space runs short.
 */
export interface StorageState {
  /** null: the browser cannot say (no StorageManager). */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

export async function storageState(ask: boolean): Promise<StorageState> {
  const s = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const state: StorageState = { persisted: null, usage: null, quota: null };
  if (!s) return state;
  try {
    if (s.persisted) state.persisted = await s.persisted();
    if (ask && state.persisted === false && s.persist) state.persisted = await s.persist();
  } catch {
    /* leave it unknown */
  }
  try {
    const e = s.estimate ? await s.estimate() : undefined;
    state.usage = e?.usage ?? null;
    state.quota = e?.quota ?? null;
  } catch {
    /* leave it unknown */
  }
  return state;
}
