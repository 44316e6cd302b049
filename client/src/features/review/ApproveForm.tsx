import { useState, type FormEvent } from 'react';
import { DEFAULT_LICENCE_TERM, LICENCE_TERMS, type LicenceTerm } from '@portal/shared/constants';
import { addYears, todayInDhaka } from '@portal/shared/i18n/dates';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useConfirm } from '../../components/ConfirmDialog';
import { useLocale, useT } from '../../i18n/locale';
import { localDate } from './format';
import { useDecision } from './useDecision';
import { buttonPrimary, FieldError, FormError, inputClass, Section } from './ui';

type DateField = 'issuedOn' | 'validFrom' | 'validTo';
const isIsoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/**
 * Final approval (spec 3 §4): term 3, 2 or 1 years (default 3; 1 = testing licence), issue date and
 * validity defaulting to today and today + term. The licence number comes from the server's
 * sequence (spec README defect 2). Confirmed before sending; then the licence list of its term.
 */
export function ApproveForm({
  detail,
  onDetail,
  locked,
  onApproved,
}: {
  detail: ApplicationDetail;
  onDetail: (d: ApplicationDetail) => void;
  locked: boolean;
  onApproved: (termYears: LicenceTerm, queued: boolean) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { confirm, dialog } = useConfirm();
  const { run, busy, error } = useDecision(detail, onDetail);
  const today = todayInDhaka();
  const [term, setTerm] = useState<LicenceTerm>(DEFAULT_LICENCE_TERM);
  const [dates, setDates] = useState<Record<DateField, string>>({
    issuedOn: today,
    validFrom: today,
    validTo: addYears(today, DEFAULT_LICENCE_TERM),
  });
  const [errors, setErrors] = useState<Partial<Record<DateField, MessageKey>>>({});

  const changeTerm = (next: LicenceTerm) => {
    setTerm(next);
    if (isIsoDate(dates.validFrom)) setDates((d) => ({ ...d, validTo: addYears(d.validFrom, next) }));
  };
  const changeDate = (field: DateField, value: string) => {
    setDates((d) => ({
      ...d,
      [field]: value,
      ...(field === 'validFrom' && isIsoDate(value) ? { validTo: addYears(value, term) } : {}),
    }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    for (const f of ['issuedOn', 'validFrom', 'validTo'] as const) if (!isIsoDate(dates[f])) found[f] = 'v.date';
    if (!found.validFrom && !found.validTo && dates.validTo <= dates.validFrom)
      found.validTo = 'decisions.approve.validToAfterFrom';
    setErrors(found);
    const first = (['issuedOn', 'validFrom', 'validTo'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`approve-${first}`)?.focus();
      return;
    }
    const ok = await confirm({
      title: t('decisions.approve.confirmTitle'),
      description: t('decisions.approve.confirmBody', {
        term: t(`decisions.approve.term${term}`),
        from: localDate(dates.validFrom, locale),
        to: localDate(dates.validTo, locale),
      }),
      confirmLabel: t('decisions.approve.button'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    const result = await run(
      'approve',
      { termYears: term, ...dates },
      { success: 'decisions.approve.success', fail: 'decisions.approve.fail' },
    );
    if (result && (result.outcome.kind === 'done' || result.outcome.kind === 'queued'))
      onApproved(term, result.outcome.kind === 'queued');
  };

  const off = busy || locked;
  return (
    <Section title={t('decisions.approve.title')} id="approve-title">
      <form noValidate onSubmit={submit}>
        <label htmlFor="approve-term">{t('decisions.approve.term')}</label>
        <select
          id="approve-term"
          value={term}
          onChange={(e) => changeTerm(Number(e.target.value) as LicenceTerm)}
          disabled={off}
          className={inputClass}
        >
          {LICENCE_TERMS.map((y) => (
            <option key={y} value={y}>
              {t(`decisions.approve.term${y}`)}
            </option>
          ))}
        </select>
        <div className="mt-3 grid gap-3 sm:grid-cols-3">
          {(['issuedOn', 'validFrom', 'validTo'] as const).map((f) => (
            <div key={f}>
              <label htmlFor={`approve-${f}`}>{t(`decisions.approve.${f}`)}</label>
              <input
                id={`approve-${f}`}
                type="date"
                required
                value={dates[f]}
                onChange={(e) => changeDate(f, e.target.value)}
                aria-invalid={!!errors[f] || undefined}
                aria-describedby={`approve-${f}-bn${errors[f] ? ` approve-${f}-error` : ''}`}
                disabled={off}
                className={inputClass}
              />
              <p id={`approve-${f}-bn`} className="mt-1 text-sm text-gray-700">
                {localDate(dates[f], locale)}
              </p>
              <FieldError id={`approve-${f}-error`} message={errors[f] ? t(errors[f]) : null} />
            </div>
          ))}
        </div>
        <p className="mt-2 text-sm text-gray-600">{t('decisions.approve.numberHint')}</p>
        <FormError message={error} />
        <button type="submit" disabled={off} className={`${buttonPrimary} mt-3`}>
          {busy ? t('decisions.sending') : t('decisions.approve.button')}
        </button>
      </form>
      {dialog}
    </Section>
  );
}
