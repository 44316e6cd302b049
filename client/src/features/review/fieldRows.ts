import type { MessageKey } from '@portal/shared/i18n/index';
import type { Locale } from '@portal/shared/i18n/index';

import { localDate, localDigits } from './format';
import { translateIn } from '../../i18n/locale';

/**
 * The application's fields (code names of shared/src/schemas/application.ts) grouped as the
 * detail table shows them (spec 3 §2 "Detail screens", §3 entity fields). Empty fields are left
 * out: an application names a person, a cooperative or a group, never all three.
 */
export const FIELD_GROUPS: { titleKey: MessageKey; fields: string[] }[] = [
  {
    titleKey: 'decisions.section.applicant',
    fields: [
      // A renewal names its licence by number (spec 1 §5).
      'licenceNumber',
      'applicantName',
      'newApplicantName',
      'registrationNumber',
      'instituteName',
      'groupName',
      'representativeName',
      'fatherName',
      'motherName',
      'nid',
      'mobile',
    ],
  },
  {
    titleKey: 'decisions.section.land',
    fields: [
      'upazila',
      'union',
      'village',
      'postOffice',
      'mouza',
      'jlNumber',
      'khotian',
      'dagNumber',
      'newDagNumber',
      'proposedUnion',
      'proposedMouza',
      'nearestWellDistance',
      'benefitArea',
      'specialConsideration',
    ],
  },
  {
    titleKey: 'decisions.section.well',
    // The renewal form's questions about the past season (spec 1 §5 "Renewal form", Form-Ga).
    fields: [
      'wellClass',
      'wellSize',
      'pumpType',
      'wellCondition',
      'suspensionHistory',
      'lastSeasonArea',
      'unusedPeriod',
      'chargeHighLand',
      'chargeLowLand',
    ],
  },
  {
    titleKey: 'decisions.section.fee',
    fields: [
      'advanceFee',
      'applicationFee',
      'slipNumber',
      'rosidNumber',
      'receiptNumber',
      'feePaidOn',
      'billNumber',
      'dp',
    ],
  },
];

/**
 * Shown elsewhere (geo section; the licence a change is about, by its id) or not information at
 * all (the terms tick box).
 */
const NOT_ROWS = new Set(['latitude', 'longitude', 'agreed', 'applicationId']);
const KNOWN = new Set(FIELD_GROUPS.flatMap((g) => g.fields));

const CHOICE_PREFIX: Record<string, string> = {
  wellClass: 'common.wellClass.',
  pumpType: 'common.pumpType.',
  wellSize: 'common.wellSize.',
};

export function fieldLabel(name: string, locale: Locale): string {
  const key = `decisions.field.${name}` as MessageKey;
  const text = translateIn(locale, key);
  return text === key ? name : text;
}

/** A field's value as a reader sees it: choices by their Bangla name, dates day-month-year, Bangla digits. */
export function fieldValue(name: string, value: unknown, locale: Locale): string {
  if (value === null || value === undefined || value === '') return '';
  const prefix = CHOICE_PREFIX[name];
  if (prefix) {
    const key = (prefix + String(value)) as MessageKey;
    const text = translateIn(locale, key);
    if (text !== key) return text;
  }
  if (name === 'feePaidOn' && typeof value === 'string') return localDate(value, locale);
  if (typeof value === 'boolean') return translateIn(locale, value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') return JSON.stringify(value);
  return localDigits(String(value), locale);
}

/** Fields the groups above do not name (e.g. of another application kind), so nothing stored is hidden. */
export function otherFieldNames(fields: Record<string, unknown>): string[] {
  return Object.keys(fields).filter((k) => !KNOWN.has(k) && !NOT_ROWS.has(k));
}

export function coordinate(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}
