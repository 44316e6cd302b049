import { useCallback } from 'react';
import type { ApiError } from '../../api/client';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { Locale } from '@portal/shared/i18n/index';
import { useLocale, useT } from '../../i18n/locale';
import { KindForm } from '../intake/KindForm';
import { emptyKindValues, KIND_FORMS, type FormKind, type KindValues } from '../intake/kindForms';
import { FormLoadState } from '../verification/FormLoadState';
import { useCitizenForm } from '../verification/useCitizenForm';
import { VerifyAgainNotice } from './VerifyAgainNotice';

/** The change form starts from the licensed application's answers (spec 1 §2 "prefilled"); the change's own fee does not. */
const NOT_CARRIED = new Set(['advanceFee', 'slipNumber', 'feePaidOn']);

export function prefillChange(
  kind: FormKind,
  applicationId: string,
  fields: Record<string, unknown>,
  locale: Locale = 'bn',
): KindValues {
  const values = emptyKindValues(kind);
  for (const name of KIND_FORMS[kind].fields) {
    const v = fields[name];
    // In the screen's digits, as the person would type them (every field here takes both).
    if (!NOT_CARRIED.has(name) && (typeof v === 'string' || typeof v === 'number'))
      values[name] = locale === 'bn' ? toBanglaDigits(String(v)) : String(v);
  }
  values.applicationId = applicationId;
  return values;
}

const ignore = () => {};

/**
 * /verification/2 (name change) and /verification/3 (plot change), after the mobile is verified:
 * the change form prefilled from the verified application, sent through the same outbox as every
 * request. Only a licensed application can be changed: without a licence the panel says so.
 */
export default function ChangeRequestPanel({
  purpose,
  applicationId,
  onGrantExpired = ignore,
}: {
  purpose: 2 | 3;
  applicationId: string;
  onGrantExpired?: (error: ApiError) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const kind: FormKind = purpose === 2 ? 'NameChange' : 'PlotChange';
  const { load, retry } = useCitizenForm(onGrantExpired);

  const fields = load.kind === 'ready' ? load.form.fields : null;
  const start = useCallback(
    () => prefillChange(kind, applicationId, fields ?? {}, locale),
    [kind, applicationId, fields, locale],
  );

  if (load.kind !== 'ready') return <FormLoadState load={load} retry={retry} />;
  if (!load.form.licence) {
    return (
      <p role="alert" className="rounded border border-amber-400 bg-amber-50 p-4 font-semibold text-amber-900">
        {t('application.kind.change.noLicence')}
      </p>
    );
  }
  const f = load.form.fields;
  const current = (k: string) => (typeof f[k] === 'string' || typeof f[k] === 'number' ? String(f[k]) : '');
  const name = current('applicantName') || current('instituteName') || current('groupName');
  return (
    <KindForm
      kind={kind}
      formId={`${KIND_FORMS[kind].formId}:${applicationId}`}
      start={start}
      // The verification page's heading names the change already: one heading, not two.
      titled={false}
      before={
        <p className="mb-4 rounded border border-gray-300 bg-white p-3 font-semibold text-gray-800">
          {purpose === 2
            ? t('application.kind.change.currentName', { name: name || '—' })
            : t('application.kind.change.currentPlot', { dag: current('dagNumber') || '—' })}
        </p>
      }
      after={(clientId) => <VerifyAgainNotice itemId={clientId} />}
    />
  );
}
