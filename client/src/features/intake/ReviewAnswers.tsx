import type { MessageKey } from '@portal/shared';
import { formatDateBn, formatDateEn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { formatBytes } from '../../i18n/sizes';
import { visibleIdentityGroups, type FormValues } from '../application/formValues';
import { CODED_FIELDS, DATE_FIELDS, KIND_FORMS, textOf, type FormKind, type KindValues } from './kindForms';
import type { PickedFiles } from './validateKind';

/** The check-your-answers step of every kind: everything as it will be sent, before it leaves the phone. */
export function ReviewAnswers({
  kind,
  values,
  files,
  busy,
  error,
  onEdit,
  onSubmit,
}: {
  kind: FormKind;
  values: KindValues;
  files: PickedFiles;
  busy: boolean;
  error: string | null;
  onEdit: () => void;
  onSubmit: () => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const form = KIND_FORMS[kind];
  const shown = form.fields.filter((f) => textOf(values, f).trim() !== '');
  // Only the well forms have the three identity alternatives (spec 1 §2).
  const groups = form.identity ? visibleIdentityGroups(values as unknown as FormValues) : null;
  const identity = groups?.individual ? 'individual' : groups?.cooperative ? 'cooperative' : 'group';
  const display = (f: string) => {
    const v = textOf(values, f);
    const prefix = CODED_FIELDS[f];
    if (prefix) return t(`${prefix}${v}` as MessageKey);
    // Dates are shown one way: day-month-year (spec README defect 8).
    if (DATE_FIELDS.includes(f)) return (locale === 'bn' ? formatDateBn : formatDateEn)(v) || v;
    // Numbers read in the screen's digits, whichever the person typed.
    return locale === 'bn' ? toBanglaDigits(v) : v;
  };
  return (
    <section aria-labelledby="review-title">
      <h2 id="review-title" className="mb-2 text-xl font-bold text-brand-800">
        {t('application.review.title')}
      </h2>
      <p className="mb-4 text-gray-700">{t('application.review.intro')}</p>
      <dl className="mb-4 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {groups && (
          <div className="p-3">
            <dt className="text-sm text-gray-600">{t('application.review.identityKind')}</dt>
            <dd className="font-semibold">{t(`application.identity.${identity}`)}</dd>
          </div>
        )}
        {shown.map((f) => (
          <div key={f} className="p-3">
            <dt className="text-sm text-gray-600">{t(`application.field.${f}` as MessageKey)}</dt>
            <dd className="font-semibold break-words whitespace-pre-wrap">{display(f)}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-2 font-bold text-gray-800">{t('application.review.files')}</h3>
      <ul className="mb-4 divide-y divide-gray-200 rounded-lg border border-gray-200 bg-white">
        {form.slots.map((slot) => (
          <li key={slot} className="p-3">
            <p className="text-sm text-gray-600">{t(`application.slot.${slot}` as MessageKey)}</p>
            <p className="font-semibold break-all">
              {files[slot]?.name} ({formatBytes(files[slot]?.size ?? 0, locale)})
            </p>
          </li>
        ))}
      </ul>
      {error && (
        <p role="alert" className="mb-3 rounded border border-red-300 bg-red-50 p-3 font-semibold text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-3">
        <button
          type="button"
          onClick={onSubmit}
          disabled={busy}
          className="min-h-12 w-full rounded bg-brand-700 px-4 text-lg font-bold text-white hover:bg-brand-800 disabled:opacity-60"
        >
          {busy ? t('application.submitting') : t('application.review.submit')}
        </button>
        <button
          type="button"
          onClick={onEdit}
          disabled={busy}
          className="min-h-11 w-full rounded border border-gray-400 bg-white px-4 font-semibold text-gray-800"
        >
          {t('application.review.edit')}
        </button>
      </div>
    </section>
  );
}
