import type { AuditChange, AuditFact, AuditValue } from '@portal/shared/schemas/audit';

/**
 * What a change changed, kept readable (docs/decisions/041-audit-trail.md): each field with its
 * value before and after, written by the repository that makes the change, and read back as
 * "field: before → after" by the application's history and the Admin's audit page.
 */

/** Long text (a page, a notice) is kept as its first characters: the audit says what, not everything. */
export const AUDIT_TEXT_MAX = 500;

function cut(text: string): string {
  return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX)}…` : text;
}

/** A value as the audit keeps it: a scalar, a list as its items joined, anything else as JSON. */
export function auditValue(value: unknown): AuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return cut(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return cut(value.map((v) => (v === null ? '' : String(v))).join(', '));
  if (value instanceof Date) return value.toISOString();
  return cut(JSON.stringify(value));
}

export interface FieldChanges {
  changed: string[];
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
}

/**
 * The fields whose value differs between two versions of a record, each with its value before and
 * after (the shape the edit view's rows use too, decision 038); null when nothing changed. A field
 * absent on one side (a record created or deleted) is null there.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChanges | null {
  const names = [...new Set([...Object.keys(after ?? {}), ...Object.keys(before ?? {})])];
  const out: FieldChanges = { changed: [], before: {}, after: {} };
  for (const name of names) {
    const was = auditValue(before?.[name]);
    const is = auditValue(after?.[name]);
    if (was === is) continue;
    out.changed.push(name);
    out.before[name] = was;
    out.after[name] = is;
  }
  return out.changed.length ? out : null;
}

// ---- Reading rows back ----

const asRecord = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** Rich text (a page, a resolution's minutes) reads as its words in the history, not its tags. */
function readable(value: AuditValue): AuditValue {
  if (typeof value !== 'string' || !/<[a-z][^>]*>/i.test(value)) return value;
  return value
    .replace(/<(br|\/p|\/li|\/h\d)[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const shortFile = (name: unknown, sha: unknown): AuditValue =>
  typeof name === 'string' && name ? name : typeof sha === 'string' ? sha.slice(0, 12) : null;

/**
 * The changes a row records, whoever wrote it: a document replaced (the office's or the
 * applicant's), or `before`/`after` values, with or without the list of `changed` names (the edit
 * view, the applicant's amendment, settings, content, accounts, resolutions, GEO items). Null
 * when the row records no values.
 */
export function readableChanges(details: Record<string, unknown> | null): AuditChange[] | null {
  if (!details) return null;
  if (typeof details.slot === 'string' && ('newSha256' in details || 'newFileId' in details)) {
    return [
      {
        name: `file:${details.slot}`,
        before: shortFile(details.oldName, details.oldSha256),
        after: shortFile(details.newName, details.newSha256),
      },
    ];
  }
  const before = asRecord(details.before);
  const after = asRecord(details.after);
  if (!before && !after) return null;
  const listed = Array.isArray(details.changed) ? details.changed.filter((n) => typeof n === 'string') : null;
  const names = listed ?? changedFields(before, after)?.changed ?? [];
  if (names.length === 0) return null;
  return names.map((name) => ({
    name,
    before: readable(auditValue(before?.[name])),
    after: readable(auditValue(after?.[name])),
  }));
}

/** Keys that are links or fingerprints, not facts a reader wants. */
const NOT_FACTS = new Set(['before', 'after', 'changed', 'slot', 'payload', 'custom', 'lines', 'id', 'sha256']);
export const isInternalAuditKey = (key: string) => NOT_FACTS.has(key) || /(Id|Ids|Sha256|Hash)$/.test(key);

/**
 * The plain facts of a row beside its changes: how many numbers a text went to, the text itself,
 * an application or licence number, a gallery… Links (ids) and fingerprints stay out.
 */
export function readableFacts(details: Record<string, unknown> | null): AuditFact[] {
  if (!details) return [];
  const facts: AuditFact[] = [];
  for (const [name, value] of Object.entries(details)) {
    if (isInternalAuditKey(name)) continue;
    if (value !== null && typeof value === 'object') continue;
    facts.push({ name, value: readable(auditValue(value)) });
  }
  return facts;
}
