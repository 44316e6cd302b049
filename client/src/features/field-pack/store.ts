import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { fieldDb, type DetailRow, type PackRow } from './db';

/**
 * Reads and writes of the field pack database that screens use (docs/decisions/031-field-pack.md).
 * The download itself is prepare.ts.
 */

/** Details opened online and not in a pack are remembered up to this many; the oldest go first. */
const MAX_REMEMBERED = 60;

/**
 * Keeps the detail an officer just opened online, so that a decision can still be made on it
 * with no signal (what detailCache.ts did in localStorage before the field pack). A failure is
 * swallowed: remembering is a convenience, never a reason to fail a screen.
 */
export async function rememberDetail(detail: ApplicationDetail, officerId: number, now = new Date()): Promise<void> {
  try {
    await fieldDb.transaction('rw', fieldDb.details, fieldDb.packs, async () => {
      await fieldDb.details.put({ applicationId: detail.id, officerId, savedAt: now.toISOString(), detail });
      const packed = new Set((await fieldDb.packs.toCollection().primaryKeys()) as string[]);
      const loose = (await fieldDb.details.orderBy('savedAt').primaryKeys()).filter((id) => !packed.has(id));
      if (loose.length > MAX_REMEMBERED)
        await fieldDb.details.bulkDelete(loose.slice(0, loose.length - MAX_REMEMBERED));
    });
  } catch {
    /* IndexedDB unavailable or full: go on without it */
  }
}

/** The detail kept on this phone for this officer, or null (another officer's copy is never shown). */
export async function keptDetail(applicationId: string, officerId: number): Promise<DetailRow | null> {
  try {
    const row = await fieldDb.details.get(applicationId);
    return row && row.officerId === officerId ? row : null;
  } catch {
    return null;
  }
}

export function listPacks(): Promise<PackRow[]> {
  return fieldDb.packs.orderBy('applicationId').toArray();
}

/**
 * Releases one pack: its documents, its detail, and the tiles no other pack holds, in one
 * transaction so a tile another pack uses is never taken away.
 */
export async function releasePack(applicationId: string): Promise<void> {
  await fieldDb.transaction(
    'rw',
    [fieldDb.packs, fieldDb.details, fieldDb.documents, fieldDb.tiles, fieldDb.packTiles],
    async () => {
      const keys = (await fieldDb.packTiles.where('applicationId').equals(applicationId).toArray()).map((r) => r.key);
      await fieldDb.packTiles.where('applicationId').equals(applicationId).delete();
      const orphans: string[] = [];
      for (const key of keys) if ((await fieldDb.packTiles.where('key').equals(key).count()) === 0) orphans.push(key);
      await fieldDb.tiles.bulkDelete(orphans);
      await fieldDb.documents.where('applicationId').equals(applicationId).delete();
      await fieldDb.details.delete(applicationId);
      await fieldDb.packs.delete(applicationId);
    },
  );
}

/** At sign-out on a shared device the next officer must not find this one's applicants' documents (decision 018). */
export async function clearFieldData(): Promise<void> {
  dropLegacyDetails();
  try {
    await Promise.all(fieldDb.tables.map((t) => t.clear()));
  } catch {
    /* nothing kept, or IndexedDB unavailable */
  }
}

/** The pack's copy of a server file (by its id: a file replaced since the pack was made is not this one). */
export async function packDocument(fileId: string): Promise<Blob | null> {
  try {
    return (await fieldDb.documents.where('fileId').equals(fileId).first())?.blob ?? null;
  } catch {
    return null;
  }
}

/** Details kept in localStorage by versions before the field pack ('review.detail.<id>'). */
function dropLegacyDetails(): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith('review.detail.')) keys.push(k);
    }
    keys.forEach((k) => localStorage.removeItem(k));
  } catch {
    /* no localStorage */
  }
}
