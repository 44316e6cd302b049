import type { ServiceKind } from '@portal/shared/schemas/services';
import type { OutboxFile, OutboxItem } from '../../offline/db';
import { sha256Hex } from '../../offline/hash';
import { queueItem } from '../../offline/outbox';

/**
 * Queues a complaint or a copy request in the phone's outbox (docs/decisions/018-service-targets.md), exactly as an
 * application is queued (offline/outbox.ts enqueueApplication): the id is made here, the item and
 * its files are written in ONE IndexedDB transaction, never over an item already queued under the
 * same id (decision 012), and the sync engine sends it when it can.
 */
export async function enqueueService(input: {
  kind: ServiceKind;
  clientId: string;
  fields: Record<string, unknown>;
  files: { slot: string; file: Blob & { name?: string } }[];
  label: string;
}): Promise<OutboxItem> {
  // Hash before the transaction: an IndexedDB transaction closes if it waits on other promises.
  const rows: OutboxFile[] = await Promise.all(
    input.files.map(async ({ slot, file }) => ({
      itemId: input.clientId,
      slot,
      blob: file,
      name: file.name ?? slot,
      mime: file.type || 'application/octet-stream',
      size: file.size,
      sha256: await sha256Hex(file),
      uploaded: false,
    })),
  );
  const payload = {
    clientId: input.clientId,
    fields: input.fields,
    files: rows.map((r) => ({
      slot: r.slot,
      size: r.size,
      sha256: r.sha256,
      mime: r.mime,
      name: r.name.slice(0, 255),
    })),
  };
  const item: OutboxItem = {
    id: input.clientId,
    kind: input.kind,
    createdAt: Date.now(),
    status: 'saved',
    attempts: 0,
    nextAttemptAt: 0,
    payload,
    label: input.label,
    filesTotal: rows.length,
    filesUploaded: 0,
  };
  return queueItem(item, rows);
}
