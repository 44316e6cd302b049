import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PUMP_TYPES, WELL_CLASSES, WELL_SIZE_VALUES } from '@portal/shared/constants';
import { isMessageKey } from '../../i18n/messages';
import type { MessageKey } from '@portal/shared/i18n/index';
import {
  OLD_RECORD_FIELDS,
  OLD_RECORD_REQUIRED,
  oldRecordFieldsSchema,
  type OldRecordField,
} from '@portal/shared/kinds/old';
import type { Locality } from '@portal/shared/schemas/settings';
import type { OldRecordCreated } from '@portal/shared/schemas/old-records';
import { TextArea, TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { useToast } from '../../components/Toast';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { staffApi } from '../staff/staffApi';
import { fieldErrors } from '../staff/TextField';
import { ui } from '../staff/ui';

/**
 * The old-record form (spec 2 §2 "Old-application entry", §5: eleven required fields, the rest
 * optional; docs/decisions/039-old-records-import.md). Checked here with the schema the server uses,
 * so the clerk sees the same Bangla message before sending; on success the form empties (spec 2 §8
 * "Data Insert successfully", the form resets) and keeps the upazila for the next record.
 */
type Values = Record<OldRecordField, string>;

const empty = (upazila: string): Values =>
  Object.fromEntries(OLD_RECORD_FIELDS.map((f) => [f, f === 'upazila' ? upazila : ''])) as Values;

const DATE_FIELDS: readonly OldRecordField[] = ['issuedOn', 'validFrom', 'validTo', 'feePaidOn'];
const LONG_FIELDS: readonly OldRecordField[] = ['benefitArea', 'specialConsideration'];

const SECTIONS: [MessageKey, OldRecordField[]][] = [
  ['oldRecords.section.licence', ['licenceNumber', 'regulationNumber', 'issuedOn', 'validFrom', 'validTo']],
  ['oldRecords.section.holder', ['applicantName', 'fatherName', 'motherName', 'nid', 'mobile']],
  [
    'oldRecords.section.address',
    ['upazila', 'village', 'union', 'postOffice', 'mouza', 'jlNumber', 'khotian', 'dagNumber'],
  ],
  [
    'oldRecords.section.well',
    [
      'pumpType',
      'wellClass',
      'wellSize',
      'nearestWellDistance',
      'proposedMouza',
      'proposedUnion',
      'latitude',
      'longitude',
    ],
  ],
  ['oldRecords.section.other', ['advanceFee', 'slipNumber', 'feePaidOn', 'benefitArea', 'specialConsideration']],
];

const HINTS: Partial<Record<OldRecordField, MessageKey>> = {
  licenceNumber: 'oldRecords.hint.licenceNumber',
  validTo: 'oldRecords.hint.period',
  mobile: 'oldRecords.hint.mobile',
};

function Fieldset({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-4 rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <legend className="px-1 text-lg font-bold text-brand-800">{title}</legend>
      <div className="grid gap-x-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export function OldRecordForm({
  upazila,
  localities,
}: {
  upazila: string;
  localities: { unions: Locality[]; posts: Locality[] } | undefined;
}) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [values, setValues] = useState<Values>(() => empty(upazila));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [busy, setBusy] = useState(false);
  // Bumped by a refused submission: once the marks are drawn, the first marked field takes the focus.
  const [refused, setRefused] = useState(0);
  const top = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refused) top.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);

  const set = (name: OldRecordField) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = oldRecordFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = String(issue.path[0] ?? '');
        found[name] ??= t(isMessageKey(issue.message) ? issue.message : 'v.required');
      }
      setErrors(found);
      setRefused((n) => n + 1);
      return;
    }
    setBusy(true);
    try {
      const created = await staffApi<OldRecordCreated>('/api/staff/old-records', { method: 'POST', json: values });
      toast.success(
        t('oldRecords.inserted', {
          licenceNumber: f.num(created.licenceNumber),
          applicationNumber: f.num(created.applicationNumber),
        }),
      );
      setValues(empty(values.upazila));
      setErrors({});
      top.current?.querySelector<HTMLElement>('input')?.focus();
    } catch (err) {
      const fields = fieldErrors(err);
      setErrors(
        err instanceof ApiError && err.code === 'LICENCE_NUMBER_TAKEN' && !fields.licenceNumber
          ? { licenceNumber: f.error(err) }
          : fields,
      );
      setRefused((n) => n + 1);
      toast.failure(t('oldRecords.insertFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: OldRecordField) => {
    const common = {
      name,
      label: t(`oldRecords.field.${name}` as MessageKey),
      value: values[name],
      onValue: set(name),
      required: OLD_RECORD_REQUIRED.includes(name),
      error: errors[name],
      hint: HINTS[name] ? t(HINTS[name]) : undefined,
    };
    if (name === 'pumpType' || name === 'wellClass' || name === 'wellSize') {
      const options =
        name === 'pumpType'
          ? PUMP_TYPES.map((v) => ({ value: v, label: t(`common.pumpType.${v}` as MessageKey) }))
          : name === 'wellClass'
            ? WELL_CLASSES.map((v) => ({ value: v, label: t(`common.wellClass.${v}` as MessageKey) }))
            : WELL_SIZE_VALUES.map((v) => ({ value: v, label: t(`common.wellSize.${v}` as MessageKey) }));
      return <Select key={name} {...common} options={options} />;
    }
    if (LONG_FIELDS.includes(name)) {
      return (
        <div key={name} className="sm:col-span-2">
          <TextArea {...common} maxLength={1000} />
        </div>
      );
    }
    return (
      <TextField
        key={name}
        {...common}
        type={DATE_FIELDS.includes(name) ? 'date' : 'text'}
        inputMode={name === 'licenceNumber' || name === 'mobile' || name === 'nid' ? 'numeric' : undefined}
        list={name === 'union' ? 'old-unions' : name === 'postOffice' ? 'old-posts' : undefined}
        autoComplete="off"
      />
    );
  };

  const errorCount = Object.values(errors).filter(Boolean).length;
  return (
    <form ref={top} noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      {errorCount > 0 && (
        <p role="alert" className={`${ui.alertError} mb-4`}>
          {t('oldRecords.errorsSummary', { count: f.num(errorCount) })}
        </p>
      )}
      {SECTIONS.map(([title, names]) => (
        <Fieldset key={title} title={t(title)}>
          {names.map(field)}
        </Fieldset>
      ))}
      <datalist id="old-unions">
        {localities?.unions.map((u) => (
          <option key={u.id} value={u.name} />
        ))}
      </datalist>
      <datalist id="old-posts">
        {localities?.posts.map((p) => (
          <option key={p.id} value={p.name} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t('oldRecords.submitting') : t('oldRecords.submit')}
        </button>
        <button
          type="button"
          className={ui.secondary}
          disabled={busy}
          onClick={() => {
            setValues(empty(values.upazila));
            setErrors({});
          }}
        >
          {t('oldRecords.clear')}
        </button>
      </div>
    </form>
  );
}
