import type { z } from 'zod';
import { displayName, KIND_FIELDS, toLatinDigits, translate, type Kind } from '@portal/shared';
import { Problem, zodFieldMessages } from '../../platform/http/problem.js';

/**
 * What an applicant may change when BADC asks for a recheck: the legacy editApplicationByUser list
 * (spec 1 §7) in this project's field names, limited to the fields the application's kind has. The
 * mobile number is left out on purpose (docs/decisions/025-amendment-and-consent.md): it is what
 * the one-time code proves, so changing it from a verified session would hand the application to
 * another phone; the office changes it.
 */
const EDITABLE = [
  'applicantName',
  'registrationNumber',
  'instituteName',
  'groupName',
  'representativeName',
  'fatherName',
  'upazila',
  'village',
  'union',
  'postOffice',
  'mouza',
  'wellClass',
  'wellSize',
  'benefitArea',
  'jlNumber',
  'khotian',
  'dagNumber',
  'newDagNumber',
  'proposedMouza',
  'proposedUnion',
  'nearestWellDistance',
  'specialConsideration',
  'advanceFee',
  'slipNumber',
  'latitude',
  'longitude',
  'feePaidOn',
] as const;

function schemaOf(kind: string): z.ZodType | null {
  return (KIND_FIELDS as Record<string, z.ZodType>)[kind as Kind] ?? null;
}

/** The editable fields of a kind, in the form's order; none for a kind without a citizen form ('Old'). */
export function editableFields(kind: string): string[] {
  const shape = (schemaOf(kind) as unknown as { shape?: Record<string, unknown> } | null)?.shape;
  return shape ? EDITABLE.filter((name) => name in shape) : [];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The stored fields with the applicant's changes, validated again by the kind's own schema (the one
 * the intake used), so an amendment can never store what the form would have refused. A field that
 * may not be amended must come back unchanged (the page sends the whole form). 400 VALIDATION with
 * Bangla messages keyed `fields.<name>`, like the intake's.
 */
export function amendFields(
  kind: string,
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): { fields: Record<string, unknown>; changed: string[] } {
  const schema = schemaOf(kind);
  const editable = editableFields(kind);
  if (!schema || editable.length === 0) throw new Problem('RECHECK_CLOSED');
  const refused: Record<string, string> = {};
  for (const [name, value] of Object.entries(incoming)) {
    if (!editable.includes(name) && !same(value, stored[name]))
      refused[`fields.${name}`] = translate('bn', 'verification.amend.notEditable');
  }
  if (Object.keys(refused).length) throw new Problem('VALIDATION', { fields: refused });

  const merged: Record<string, unknown> = { ...stored };
  for (const name of editable) if (name in incoming) merged[name] = incoming[name];
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    const fields = Object.fromEntries(
      Object.entries(zodFieldMessages(parsed.error)).map(([path, text]) => [`fields.${path}`, text]),
    );
    throw new Problem('VALIDATION', { fields });
  }
  const fields = parsed.data as Record<string, unknown>;
  const changed = editable.filter((name) => !same(stored[name], fields[name]));
  return { fields, changed };
}

/** The searchable copy columns (applications.repository.ts) that follow the amended fields. */
export function copyColumns(fields: Record<string, unknown>, changed: string[]) {
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string) : '');
  const touched = (...names: string[]) => names.some((n) => changed.includes(n));
  return {
    ...(touched('applicantName', 'instituteName', 'groupName') && displayName(fields)
      ? { applicant_name: displayName(fields) }
      : {}),
    ...(touched('fatherName') ? { father_name: text('fatherName') } : {}),
    ...(touched('upazila') ? { upazila: text('upazila') } : {}),
    ...(touched('village') ? { village: text('village') } : {}),
    ...(touched('union') ? { union_name: text('union') } : {}),
    ...(touched('mouza') ? { mouza: text('mouza') } : {}),
    ...(touched('jlNumber') ? { jl_number: text('jlNumber') } : {}),
    ...(touched('dagNumber') ? { dag_number: toLatinDigits(text('dagNumber')) } : {}),
  };
}
