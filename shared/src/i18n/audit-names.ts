import type { MessageKey } from './index.js';

/**
 * Where an audit row's field and fact names find their label (docs/decisions/041-audit-trail.md):
 * the audit's own names first, then each feature's form labels, so a field reads as on its screen.
 * One list for the screens (client/src/features/review/AuditChanges.tsx) and for the test that
 * every name the portal records has a label (server/src/modules/audit/audit-labels.test.ts).
 */
export const AUDIT_NAME_PREFIXES = [
  'audit.field.',
  'staff.base.',
  'decisions.field.',
  'application.field.',
  'oldRecords.field.',
  'resolutions.field.',
] as const;

/** The message key labelling an audit name, or null; `has` says whether a key is in the catalogue. */
export function auditNameKey(name: string, has: (key: MessageKey) => boolean): MessageKey | null {
  if (name.startsWith('file:')) {
    const key = `decisions.file.${name.slice(5)}` as MessageKey;
    return has(key) ? key : null;
  }
  for (const prefix of AUDIT_NAME_PREFIXES) {
    const key = `${prefix}${name}` as MessageKey;
    if (has(key)) return key;
  }
  return null;
}
