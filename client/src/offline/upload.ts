import { db, type OutboxFile, type OutboxItem } from './db';
import { fail, later, localError, network, readJson, type Outcome, type SyncDeps } from './outcome';

/**
 * The upload protocol on the phone, written once for every item that carries files
 * (docs/decisions/057-offices.md "Layout"; the protocol of decision 018, used by the citizen's
 * requests of decision 023 and the inspector's field visit of decision 032): the item is posted
 * on every attempt with its manifest, the server answers which files it still lacks (a repeat
 * gets the first answer, so a lost answer costs nothing), then each missing file goes in its own
 * PUT and is marked as soon as it is accepted, so a cut connection re-sends at most one file. The
 * paths are relative: the outbox of one office's address only ever reaches that office.
 */

/** The server's answer to the item or to one of its files: whether the item is complete there. */
interface Progress {
  status: 'receiving' | 'complete';
}

/** How one kind of item travels on the protocol: its addresses and how its answers read. */
export interface UploadRoute<A extends Progress & { id: string }, F extends Progress> {
  /** Where the item is posted. */
  url: string;
  /** The item's result from the server's answer to it: its id, and its number where it has one. */
  resultOf(answer: A): NonNullable<OutboxItem['result']>;
  /** The files the server still lacks, from its answer to the item or to a file. */
  missing(answer: A | F): readonly (string | number)[];
  /** Where one missing file is put, and the headers it adds to its type and SHA-256. */
  fileUrl(id: string, slot: string): string;
  fileHeaders?(file: OutboxFile): Record<string, string>;
  /** What the server's refusal of the item or of a file does to the item. */
  refused(item: OutboxItem, deps: SyncDeps, res: Response): Promise<Outcome>;
}

/** Complete on the server: the blobs are no longer needed on the phone. */
async function markReceived(item: OutboxItem): Promise<void> {
  await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    await db.outbox.update(item.id, {
      status: 'received',
      filesUploaded: item.filesTotal,
      nextAttemptAt: 0,
      lastError: undefined,
    });
    await db.outboxFiles.where('itemId').equals(item.id).delete();
  });
}

/** Marks as uploaded every file the server no longer asks for, in one transaction with the item's progress. */
async function recordArrived(itemId: string, missing: readonly (string | number)[]): Promise<void> {
  missing = missing.map(String);
  await db.transaction('rw', db.outbox, db.outboxFiles, async () => {
    const files = await db.outboxFiles.where('itemId').equals(itemId).toArray();
    for (const f of files) {
      const uploaded = !missing.includes(f.slot);
      if (f.uploaded !== uploaded) await db.outboxFiles.update([f.itemId, f.slot], { uploaded });
    }
    await db.outbox.update(itemId, { filesUploaded: files.filter((f) => !missing.includes(f.slot)).length });
  });
}

/** Posts the item's payload: the answer when the server took it, else what became of the item. */
export async function postItem(
  item: OutboxItem,
  deps: SyncDeps,
  url: string,
  refused: (item: OutboxItem, deps: SyncDeps, res: Response) => Promise<Outcome>,
): Promise<Response | Outcome> {
  let res: Response;
  try {
    res = await deps.fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(item.payload),
    });
  } catch {
    return network(item, deps);
  }
  if (!res.ok) return refused(item, deps, res);
  return res;
}

/** Declares the item, sends the files the server lacks, and marks the item received once complete. */
export async function sendWithFiles<A extends Progress & { id: string }, F extends Progress>(
  item: OutboxItem,
  deps: SyncDeps,
  route: UploadRoute<A, F>,
): Promise<Outcome> {
  const res = await postItem(item, deps, route.url, route.refused);
  if (typeof res === 'string') return res;
  const accepted = (await readJson(res)) as A | undefined;
  if (!accepted?.id) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
  const result = route.resultOf(accepted);
  await db.outbox.update(item.id, { result, status: 'sending' });
  item = { ...item, result };
  if (accepted.status === 'complete') {
    await markReceived(item);
    return 'done';
  }
  await recordArrived(item.id, route.missing(accepted));

  // In the order the server lists them (the order the person gave them).
  for (const slot of route.missing(accepted).map(String)) {
    const file = await db.outboxFiles.get([item.id, slot]);
    if (!file) return fail(item, localError('FILE_MISSING_ON_PHONE', 'offline.error.fileMissing'));
    let put: Response;
    try {
      put = await deps.fetch(route.fileUrl(result.id, slot), {
        method: 'PUT',
        headers: { 'content-type': file.mime, ...route.fileHeaders?.(file), 'x-file-sha256': file.sha256 },
        body: file.blob,
      });
    } catch {
      return network(item, deps);
    }
    // FILES_CLOSED: the server finished the item meanwhile (an earlier answer was lost); the next
    // attempt's repeat post says so.
    if (put.status === 409) return later(item, deps);
    if (!put.ok) return route.refused(item, deps, put);
    const stored = (await readJson(put)) as F | undefined;
    if (!stored) return later(item, deps, localError('BAD_RESPONSE', 'offline.error.server'));
    if (stored.status === 'complete') {
      await markReceived(item);
      return 'done';
    }
    await recordArrived(item.id, route.missing(stored));
  }
  // Every file it asked for was sent but it still waits: ask again after a pause.
  return later(item, deps);
}
