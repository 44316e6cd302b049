import { useEffect, useState } from 'react';

export type StorageWarning = 'low' | null;

/**
 * Browsers may evict IndexedDB of a site that has no persistent storage (kobotoolbox's data-loss
 * note in docs/decisions/018-service-targets.md): ask once, and report when the space left would not hold another
 * application with its six files.
 */
export async function protectStorage(): Promise<StorageWarning> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage) return null;
  try {
    if (storage.persisted && storage.persist && !(await storage.persisted())) await storage.persist();
    if (!storage.estimate) return null;
    const { quota, usage } = await storage.estimate();
    if (quota === undefined || usage === undefined) return null;
    return quota - usage < LOW_STORAGE_BYTES ? 'low' : null;
  } catch {
    return null;
  }
}

/** Six files of at most 1,500,000 bytes each, with room to spare. */
const LOW_STORAGE_BYTES = 20_000_000;

/** Asks for persistent storage once and says whether space is running low. */
export function useStorageWarning(): StorageWarning {
  const [warning, setWarning] = useState<StorageWarning>(null);
  useEffect(() => {
    let live = true;
    void protectStorage().then((w) => live && setWarning(w));
    return () => {
      live = false;
    };
  }, []);
  return warning;
}
