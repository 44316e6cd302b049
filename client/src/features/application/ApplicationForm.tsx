import { useCallback, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Locality } from '@portal/shared';
import { PUMP_TYPES, WELL_CLASSES, WELL_SIZES } from '@portal/shared/constants';
import { todayInDhaka } from '@portal/shared/i18n/dates';
import type { MessageKey } from '@portal/shared/i18n/index';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { TextArea, TextField } from '../../components/form/Field';
import { Select } from '../../components/form/Select';
import { Checkbox } from '../../components/form/Checkbox';
import { FileSlot, type PickedFile } from '../../components/form/FileSlot';
import {
  fileErrorKey,
  IMAGE_SLOTS,
  NEW_FORM_SLOTS,
  visibleIdentityGroups,
  type FormValues,
  type TextFieldName,
} from './formValues';
import { useGeolocation } from './useGeolocation';
import type { FormErrors, PickedFiles } from './validate';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-5 rounded-lg border border-gray-200 bg-white p-3 shadow-sm">
      <legend className="px-1 text-lg font-bold text-brand-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/** Every field of the new-licence form (spec 1 §2, §3, §5), grouped the way the paper form is. */
export function ApplicationForm({
  values,
  setValue,
  files,
  setFile,
  errors,
  localities,
  onNext,
}: {
  values: FormValues;
  setValue: <K extends keyof FormValues>(name: K, value: FormValues[K]) => void;
  files: PickedFiles;
  setFile: (slot: string, file: PickedFile | null) => void;
  errors: FormErrors;
  localities: { unions: Locality[]; posts: Locality[] } | undefined;
  onNext: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const err = (name: string) => {
    const e = errors[name];
    return e ? t(e.key, e.params) : undefined;
  };
  /** Props of one text field: its label, value, setter and error. */
  const text = (name: TextFieldName, required = false) => ({
    name,
    label: t(`application.field.${name}` as MessageKey),
    value: values[name],
    onValue: (v: string) => setValue(name, v),
    required,
    error: err(name),
  });
  const groups = visibleIdentityGroups(values);
  const onPosition = useCallback(
    (lat: string, lng: string) => {
      setValue('latitude', lat);
      setValue('longitude', lng);
    },
    [setValue],
  );
  const geo = useGeolocation(onPosition);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
  };
  const digits = { inputMode: 'numeric' as const, hint: t('application.hint.digits') };

  return (
    <form onSubmit={submit} noValidate>
      <Section title={t('application.section.identity')}>
        <p className="mb-3 text-sm text-gray-700">{t('application.identityHint')}</p>
        {groups.individual && (
          <div className="mb-2 border-s-4 border-brand-600 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.individual')}</p>
            <TextField {...text('applicantName')} autoComplete="name" />
          </div>
        )}
        {groups.cooperative && (
          <div className="mb-2 border-s-4 border-amber-500 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.cooperative')}</p>
            <TextField {...text('registrationNumber')} />
            <TextField {...text('instituteName')} />
          </div>
        )}
        {groups.group && (
          <div className="mb-2 border-s-4 border-sky-600 ps-3">
            <p className="mb-1 text-sm font-bold text-gray-600">{t('application.identity.group')}</p>
            <TextField {...text('groupName')} />
            <TextField {...text('representativeName')} />
          </div>
        )}
        <TextField {...text('fatherName', true)} />
        <TextField {...text('motherName')} />
        <TextField {...text('nid')} {...digits} />
        <TextField {...text('mobile', true)} inputMode="tel" autoComplete="tel" hint={t('application.hint.mobile')} />
      </Section>

      <Section title={t('application.section.address')}>
        <TextField {...text('upazila', true)} />
        <TextField {...text('village', true)} />
        <TextField
          {...text('union', true)}
          list="unions-list"
          hint={localities?.unions.length ? t('application.listHint') : undefined}
        />
        <datalist id="unions-list">
          {localities?.unions.map((u) => (
            <option key={u.id} value={u.name} />
          ))}
        </datalist>
        <TextField
          {...text('postOffice', true)}
          list="posts-list"
          hint={localities?.posts.length ? t('application.listHint') : undefined}
        />
        <datalist id="posts-list">
          {localities?.posts.map((p) => (
            <option key={p.id} value={p.name} />
          ))}
        </datalist>
        <TextField {...text('mouza', true)} />
        <TextField {...text('jlNumber', true)} {...digits} />
        <TextField {...text('khotian', true)} />
        <TextField {...text('dagNumber', true)} />
      </Section>

      <Section title={t('application.section.well')}>
        <Select
          {...text('wellClass', true)}
          options={WELL_CLASSES.map((c) => ({ value: c, label: t(`common.wellClass.${c}`) }))}
        />
        <Select
          {...text('wellSize', true)}
          options={WELL_SIZES.map((s) => ({ value: s.value, label: t(`common.wellSize.${s.value}`) }))}
        />
        <Select
          {...text('pumpType', true)}
          options={PUMP_TYPES.map((p) => ({ value: p, label: t(`common.pumpType.${p}`) }))}
        />
        <TextField {...text('nearestWellDistance')} hint={t('application.hint.nearestWellDistance')} />
        <TextField {...text('proposedMouza')} />
        <TextField {...text('proposedUnion')} list="unions-list" />
      </Section>

      <Section title={t('application.section.other')}>
        <TextArea {...text('benefitArea')} />
        <TextArea {...text('specialConsideration')} />
      </Section>

      <Section title={t('application.section.fee')}>
        <TextField {...text('advanceFee', true)} inputMode="decimal" hint={t('application.hint.digits')} />
        <TextField {...text('slipNumber')} />
        <TextField {...text('feePaidOn')} type="date" max={todayInDhaka()} />
      </Section>

      <Section title={t('application.section.location')}>
        <p className="mb-3 text-sm text-gray-700">{t('application.hint.location')}</p>
        <button
          type="button"
          onClick={geo.locate}
          disabled={geo.state.kind === 'working'}
          className="mb-2 min-h-11 w-full rounded border border-brand-700 bg-brand-50 px-4 font-semibold text-brand-800 disabled:opacity-60"
        >
          {geo.state.kind === 'working' ? t('application.gps.working') : t('application.gps.button')}
        </button>
        <div role="status" aria-live="polite" className="mb-3 text-sm">
          {geo.state.kind === 'done' && (
            <p className="text-brand-800">
              {t('application.gps.done', {
                metres: locale === 'bn' ? toBanglaDigits(geo.state.accuracy) : geo.state.accuracy,
              })}
            </p>
          )}
          {geo.state.kind === 'error' && <p className="font-semibold text-red-700">{t(geo.state.key)}</p>}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <TextField {...text('latitude')} inputMode="decimal" placeholder="২৩.৮১০৩" />
          <TextField {...text('longitude')} inputMode="decimal" placeholder="৯০.৪১২৫" />
        </div>
      </Section>

      <Section title={t('application.section.documents')}>
        {NEW_FORM_SLOTS.map((slot) => (
          <FileSlot
            key={slot}
            name={slot}
            label={t(`application.slot.${slot}`)}
            imageOnly={IMAGE_SLOTS.includes(slot)}
            required
            file={files[slot] ?? null}
            error={err(fileErrorKey(slot))}
            onFile={(f) => setFile(slot, f)}
          />
        ))}
      </Section>

      <Checkbox
        name="agreed"
        checked={values.agreed}
        onChecked={(v) => setValue('agreed', v)}
        error={err('agreed')}
        required
      >
        {t('application.field.agreed')}{' '}
        <Link to="/application-instruction" target="_blank" className="text-brand-700 underline">
          {t('application.readTerms')}
        </Link>
      </Checkbox>

      <button
        type="submit"
        className="min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white hover:bg-brand-800"
      >
        {t('application.toReview')}
      </button>
    </form>
  );
}
