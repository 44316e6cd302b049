import crypto from 'node:crypto';
import type { ManifestEntry } from '@portal/shared';

/**
 * The fingerprint of a submission (docs/decisions/018-service-targets.md): the same outbox item sent twice has the same
 * hash, so the repeat gets the first answer; the same id with another hash is a conflict. JSON with
 * sorted keys and the manifest sorted by slot, so key order and file order do not matter.
 */
export function contentHash(input: { kind: string; fields: Record<string, unknown>; files: ManifestEntry[] }): string {
  const files = [...input.files].sort((a, b) => (a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0));
  return crypto
    .createHash('sha256')
    .update(canonicalJson({ kind: input.kind, fields: input.fields, files }))
    .digest('hex');
}

export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
