/**
 * What the new-licence form holds while the person types: every field as typed (Bangla digits
 * and all), validated with newApplicationFieldsSchema only when they move on.
 */
export const TEXT_FIELDS = [
  'applicantName',
  'registrationNumber',
  'instituteName',
  'groupName',
  'representativeName',
  'fatherName',
  'motherName',
  'nid',
  'mobile',
  'upazila',
  'village',
  'union',
  'postOffice',
  'mouza',
  'jlNumber',
  'khotian',
  'dagNumber',
  'wellClass',
  'wellSize',
  'pumpType',
  'nearestWellDistance',
  'proposedMouza',
  'proposedUnion',
  'benefitArea',
  'specialConsideration',
  'advanceFee',
  'slipNumber',
  'feePaidOn',
  'latitude',
  'longitude',
] as const;
export type TextFieldName = (typeof TEXT_FIELDS)[number];

export type FormValues = Record<TextFieldName, string> & { agreed: boolean };

export const emptyValues = (): FormValues => ({
  ...(Object.fromEntries(TEXT_FIELDS.map((k) => [k, ''])) as Record<TextFieldName, string>),
  agreed: false,
});

export type IdentityKind = 'individual' | 'cooperative' | 'group';

/**
 * Which identity groups to show (spec 1 §2): typing in one alternative hides the others;
 * clearing it shows them again.
 */
/**
 * The identity rule of newApplicationFieldsSchema, checked on its own: zod runs the schema's
 * cross-field check only once every other field is valid, and the person should hear about a
 * half-filled cooperative or group together with everything else.
 */
export function identityComplete(v: FormValues): boolean {
  const has = (k: TextFieldName) => v[k].trim() !== '';
  if (has('applicantName')) return !has('instituteName') && !has('groupName');
  if (has('registrationNumber') || has('instituteName'))
    return has('registrationNumber') && has('instituteName') && !has('groupName');
  return has('groupName') && has('representativeName');
}

export function visibleIdentityGroups(v: FormValues): Record<IdentityKind, boolean> {
  const filled = {
    individual: v.applicantName.trim() !== '',
    cooperative: v.registrationNumber.trim() !== '' || v.instituteName.trim() !== '',
    group: v.groupName.trim() !== '' || v.representativeName.trim() !== '',
  };
  const any = filled.individual || filled.cooperative || filled.group;
  return {
    individual: !any || filled.individual,
    cooperative: !any || filled.cooperative,
    group: !any || filled.group,
  };
}
