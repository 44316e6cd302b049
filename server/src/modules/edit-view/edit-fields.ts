import type { z } from 'zod';
import { KIND_FIELDS, oldRecordFieldsSchema, translate, type StoredKind } from '@portal/shared';
import { Problem, zodFieldMessages } from '../../platform/http/problem.js';

/**
 * What the office's edit view may change (spec 2 "Edit application screen"; docs/decisions/038):
 * every field of the kind's own form, validated by the schema the citizen's form and the intake use
 * (shared/src/kinds/<kind>.ts), so the office cannot store what the form would refuse, and the
 * messages are the form's. Unlike the applicant's amendment (decision 025) the mobile number is
 * editable: the office is where a holder goes to change it.
 */

/**
 * Fields that tie a request to its licence: a renewal's licence number was checked against the
 * holder's mobile when it arrived, a change names the licensed application it is about. Changing
 * them here would leave applications.licence_id pointing elsewhere; a request about another
 * licence is a new request.
 */
const FIXED: readonly string[] = ['licenceNumber', 'applicationId'];
/**
 * An old record's licence was issued with its number and period (docs/decisions/039): they are the
 * licence's facts now, written by the licences module alone (decision 022), so they are kept too.
 */
const FIXED_OLD: readonly string[] = [...FIXED, 'issuedOn', 'validFrom', 'validTo'];
const fixedOf = (kind: StoredKind) => (kind === 'Old' ? FIXED_OLD : FIXED);
/** The applicant's own agreement to the terms: not the office's to give or take back. */
const KEPT: readonly string[] = ['agreed'];

/** The kind's form schema: the citizen's form, or the old-record form (/old-application). */
export function editSchemaOf(kind: StoredKind): z.ZodType | null {
  return kind === 'Old' ? oldRecordFieldsSchema : (KIND_FIELDS[kind] ?? null);
}

function fieldNames(schema: z.ZodType | null): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> } | null)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** The fields the edit changes and the fields it shows but keeps, in the schema's order. */
export function editableFieldsOf(kind: StoredKind): { editable: string[]; fixed: string[] } {
  const names = fieldNames(editSchemaOf(kind));
  const fixed = fixedOf(kind);
  return {
    editable: names.filter((n) => !fixed.includes(n) && !KEPT.includes(n)),
    fixed: names.filter((n) => fixed.includes(n)),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The stored fields with the office's changes, validated again as a whole by the kind's schema.
 * A fixed field sent back changed, or a field the kind does not have, is refused by name; a field
 * not sent keeps its stored value. 400 VALIDATION with Bangla messages keyed `fields.<name>`, as
 * the intake answers. `changed` lists every field whose stored value differs afterwards.
 */
export function applyEdit(
  kind: StoredKind,
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): { fields: Record<string, unknown>; changed: string[] } {
  const schema = editSchemaOf(kind);
  if (!schema) {
    throw new Problem('ACTION_NOT_ALLOWED', { fields: { kind: translate('bn', 'registerEdit.v.kindNotEditable') } });
  }
  const names = fieldNames(schema);
  const fixed = fixedOf(kind);
  const refused: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!names.includes(name)) refused[`fields.${name}`] = translate('bn', 'registerEdit.v.unknownField');
    else if ((fixed.includes(name) || KEPT.includes(name)) && !same(value, stored[name]))
      refused[`fields.${name}`] = translate('bn', 'registerEdit.v.fixed');
  }
  if (Object.keys(refused).length) throw new Problem('VALIDATION', { fields: refused });

  const merged: Record<string, unknown> = { ...stored, ...incoming };
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(zodFieldMessages(parsed.error)).map(([path, text]) => [`fields.${path}`, text]),
    );
    throw new Problem('VALIDATION', { fields });
  }
  // Whatever the row holds beyond the form (written by an older version) stays as it was.
  const beyond = Object.fromEntries(Object.entries(stored).filter(([name]) => !names.includes(name)));
  const fields = { ...beyond, ...(parsed.data as Record<string, unknown>) };
  const changed = names.filter((name) => !same(stored[name], fields[name]));
  return { fields, changed };
}
