import type { ManifestEntry } from '@portal/shared';
import { fingerprint } from '../../platform/files/upload-protocol.js';

/**
 * The fingerprint of a citizen submission (docs/decisions/018-service-targets.md): the same outbox
 * item sent twice has the same hash, so the repeat gets the first answer; the same id with another
 * hash is a conflict. JSON with sorted keys and the manifest sorted by slot, so key order and file
 * order do not matter.
 */
export function contentHash(input: { kind: string; fields: Record<string, unknown>; files: ManifestEntry[] }): string {
  const files = [...input.files].sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
  return fingerprint({ kind: input.kind, fields: input.fields, files });
}
