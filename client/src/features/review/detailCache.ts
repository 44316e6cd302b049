import type { ApplicationDetail } from '@portal/shared/schemas/review';

/**
 * The last detail fetched of each application this officer opened, so an inspector who opened it
 * in the office can still inspect it at the well with no signal (docs/decisions/018-service-targets.md). Kept in
 * localStorage (small JSON, no blobs); the oldest entries go first when the cap is reached.
 */
const PREFIX = 'review.detail.';
const MAX_ENTRIES = 60;

export interface CachedDetail {
  savedAt: string;
  detail: ApplicationDetail;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readCachedDetail(id: string): CachedDetail | null {
  const raw = storage()?.getItem(PREFIX + id);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as CachedDetail;
  } catch {
    return null;
  }
}

function cachedKeys(s: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < s.length; i++) {
    const k = s.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  return keys;
}

function dropOldest(s: Storage, keep: number): void {
  const entries = cachedKeys(s)
    .map((k) => ({
      k,
      at: (() => {
        try {
          return (JSON.parse(s.getItem(k) ?? '{}') as CachedDetail).savedAt ?? '';
        } catch {
          return '';
        }
      })(),
    }))
    .sort((a, b) => a.at.localeCompare(b.at));
  for (const e of entries.slice(0, Math.max(0, entries.length - keep))) s.removeItem(e.k);
}

export function cacheDetail(detail: ApplicationDetail, now: Date = new Date()): void {
  const s = storage();
  if (!s) return;
  const value = JSON.stringify({ savedAt: now.toISOString(), detail } satisfies CachedDetail);
  try {
    s.setItem(PREFIX + detail.id, value);
    if (cachedKeys(s).length > MAX_ENTRIES) dropOldest(s, MAX_ENTRIES);
  } catch {
    // Quota reached: make room once; the cache is a convenience, never a reason to fail a screen.
    try {
      dropOldest(s, MAX_ENTRIES / 2);
      s.setItem(PREFIX + detail.id, value);
    } catch {
      /* still full: go on without the cache */
    }
  }
}

/** Called at sign-out on a shared device (docs/decisions/018-service-targets.md): the next officer must not see these. */
export function clearCachedDetails(): void {
  const s = storage();
  if (!s) return;
  for (const k of cachedKeys(s)) s.removeItem(k);
}
