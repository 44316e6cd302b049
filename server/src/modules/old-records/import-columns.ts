import {
  LEGACY_FIELD_NAMES,
  OLD_RECORD_FIELDS,
  OLD_RECORD_REQUIRED,
  PUMP_TYPES,
  WELL_CLASSES,
  WELL_SIZES,
  toBanglaDigits,
  toLatinDigits,
  translate,
  type MessageKey,
  type OldRecordField,
} from '@portal/shared';

/**
 * The old register's CSV columns (docs/decisions/039-old-records-import.md). A header names a
 * field by its legacy name (spec 2 §3, through the one mapping table shared/src/legacy-fields.ts),
 * by its code name, or by its Bangla or English label; the location may come as the legacy `gMap`
 * ("latitude,longitude") or as two columns. Cells are read the way a clerk types them: choices by
 * code or label, dates day-month-year or year-month-day, Bangla digits anywhere.
 */

/** A column of the file: a field, or the legacy one-cell location. */
export type ImportColumn = OldRecordField | 'gMap';

const label = (field: ImportColumn, locale: 'bn' | 'en') =>
  translate(locale, `oldRecords.field.${field}` as MessageKey);
/** The legacy name of a column; the two coordinates have none (the legacy kept them in gMap) and keep their own. */
const legacyName = (field: ImportColumn): string =>
  field === 'gMap'
    ? LEGACY_FIELD_NAMES.geoLocation
    : field === 'latitude' || field === 'longitude'
      ? field
      : LEGACY_FIELD_NAMES[field];

/** The template's columns: every field in the form's order, the location as the legacy gMap. */
export const TEMPLATE_COLUMNS: readonly ImportColumn[] = [
  ...OLD_RECORD_FIELDS.filter((f) => f !== 'latitude' && f !== 'longitude'),
  'gMap',
];
export const templateHeaders = (): string[] => TEMPLATE_COLUMNS.map(legacyName);

/** Header text → the same key however it was spaced, cased or marked (a star for "required"). */
const headerKey = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .replace(/[*:]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();

const HEADER_ALIASES: ReadonlyMap<string, ImportColumn> = new Map(
  ([...OLD_RECORD_FIELDS, 'gMap'] as ImportColumn[]).flatMap((field) =>
    [field, legacyName(field), label(field, 'bn'), label(field, 'en')].map((h) => [headerKey(h), field] as const),
  ),
);

export interface HeaderMapping {
  /** Column index → field; null for a column read past. */
  columns: (ImportColumn | null)[];
  ignored: string[];
}

/** The header row read, or the Bangla messages that make the file unusable. */
export function mapHeader(cells: readonly string[]): { mapping: HeaderMapping } | { problems: string[] } {
  const columns: (ImportColumn | null)[] = [];
  const ignored: string[] = [];
  const seen = new Set<ImportColumn>();
  const problems: string[] = [];
  for (const cell of cells) {
    const field = HEADER_ALIASES.get(headerKey(cell)) ?? null;
    if (field && seen.has(field))
      problems.push(translate('bn', 'oldRecords.csv.duplicateColumn', { column: cell.trim() }));
    if (field) seen.add(field);
    else if (cell.trim() !== '') ignored.push(cell.trim());
    columns.push(field);
  }
  const missing = OLD_RECORD_REQUIRED.filter((f) => !seen.has(f));
  if (missing.length > 0) {
    problems.push(
      translate('bn', 'oldRecords.csv.missingColumns', {
        columns: missing.map((f) => `${legacyName(f)} (${label(f, 'bn')})`).join(', '),
      }),
    );
  }
  return problems.length > 0 ? { problems } : { mapping: { columns, ignored } };
}

// ---- Cells ------------------------------------------------------------------------------------

const choiceKey = (v: string) => toLatinDigits(v).trim().replace(/\s+/g, ' ').toLowerCase();

/** Each code with the words a register or a person uses for it. */
function choices<T extends string>(codes: readonly T[], labelKey: (code: T) => MessageKey, extra: Record<string, T>) {
  const map = new Map<string, T>();
  for (const code of codes) {
    for (const word of [code, translate('bn', labelKey(code)), translate('en', labelKey(code))])
      map.set(choiceKey(word), code);
  }
  for (const [word, code] of Object.entries(extra)) map.set(choiceKey(word), code);
  const listed = codes.map((c) => `${c} (${translate('bn', labelKey(c))})`).join(', ');
  return { map, listed };
}

const PUMP = choices(PUMP_TYPES, (c) => `common.pumpType.${c}` as MessageKey, {
  'diesel engine': 'diesel',
  বিদ্যুৎ: 'electric',
  বৈদ্যুতিক: 'electric',
  সৌর: 'solar',
  ডিজেল: 'diesel',
  'ডিজেল ইঞ্জিন': 'diesel',
});
const WELL_CLASS = choices(WELL_CLASSES, (c) => `common.wellClass.${c}` as MessageKey, {
  গভীর: 'deep',
  অগভীর: 'shallow',
  dtw: 'deep',
  stw: 'shallow',
});

/** "1", "১.০", "1.0 cusec", "১.০ কিউসেক (৬-১২ অশ্বশক্তি)" → "1.0". */
function wellSize(v: string): string | null {
  const m = /^\s*(\d*\.?\d+)/.exec(toLatinDigits(v));
  if (!m) return null;
  return WELL_SIZES.find((s) => Number(s.value) === Number(m[1]))?.value ?? null;
}

/** 24-11-2015, 24/11/2015, 24.11.2015, 2015-11-24, 2015-1-5 (legacy, unpadded), Bangla digits → 2015-11-24. */
export function cellDate(v: string): string | null {
  const s = toLatinDigits(v).trim();
  const pad = (n: string) => n.padStart(2, '0');
  let y: string, m: string, d: string;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(s);
  if (match) [, y, m, d] = match as unknown as [string, string, string, string];
  else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s)))
    [, d, m, y] = match as unknown as [string, string, string, string];
  else return null;
  const iso = `${y}-${pad(m)}-${pad(d)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}

const DATE_FIELDS: readonly ImportColumn[] = ['issuedOn', 'validFrom', 'validTo', 'feePaidOn'];

/**
 * One data row as the form's input (code names), with the messages of cells that could not be
 * read at all; the form's own schema then checks the rest (service).
 */
export function rowInput(
  mapping: HeaderMapping,
  cells: readonly string[],
): { input: Record<string, string>; errors: string[] } {
  const input: Record<string, string> = {};
  const errors: string[] = [];
  const fail = (field: ImportColumn, key: MessageKey, params?: Record<string, string | number>) =>
    errors.push(`${label(field, 'bn')}: ${translate('bn', key, params)}`);
  mapping.columns.forEach((field, i) => {
    const raw = (cells[i] ?? '').trim();
    if (!field || raw === '') return;
    // PostgreSQL cannot store U+0000 (docs/decisions/013-request-hardening.md): the row says so.
    if (raw.includes('\u0000')) return fail(field, 'v.noNul');
    if (field === 'gMap') {
      const parts = toLatinDigits(raw).split(/\s*[,;]\s*|\s+/);
      if (parts.length !== 2 || parts.some((p) => !/^-?\d+(\.\d+)?$/.test(p))) return fail(field, 'oldRecords.v.gMap');
      [input.latitude, input.longitude] = parts as [string, string];
    } else if (field === 'pumpType' || field === 'wellClass') {
      const set = field === 'pumpType' ? PUMP : WELL_CLASS;
      const code = set.map.get(choiceKey(raw));
      if (!code) return fail(field, 'oldRecords.v.choice', { choices: set.listed });
      input[field] = code;
    } else if (field === 'wellSize') {
      const code = wellSize(raw);
      if (!code) return fail(field, 'oldRecords.v.choice', { choices: WELL_SIZES.map((s) => s.value).join(', ') });
      input[field] = code;
    } else if (DATE_FIELDS.includes(field)) {
      const iso = cellDate(raw);
      if (!iso) return fail(field, 'oldRecords.v.date');
      input[field] = iso;
    } else {
      input[field] = raw;
    }
  });
  const extra = cells.slice(mapping.columns.length).filter((c) => c.trim() !== '').length;
  if (extra > 0)
    errors.push(
      translate('bn', 'oldRecords.v.cellCount', {
        cells: toBanglaDigits(cells.length),
        columns: toBanglaDigits(mapping.columns.length),
      }),
    );
  return { input, errors };
}

/** "<field label>: <message>" for a schema issue on `path`. */
export function fieldMessage(field: string, message: string): string {
  const key = `oldRecords.field.${field}` as MessageKey;
  const name = translate('bn', key);
  return name === key ? message : `${name}: ${message}`;
}
