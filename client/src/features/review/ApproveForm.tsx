import { useState, type FormEvent } from 'react';
import { DEFAULT_LICENCE_TERM, LICENCE_TERMS, type LicenceTerm } from '@portal/shared/constants';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useConfirm } from '../../components/useConfirm';
import { useLocale, useT } from '../../i18n/locale';
import { localDate } from './format';
import {
  changePeriod,
  defaultPeriod,
  focusPeriodError,
  PeriodFields,
  periodErrors,
  type Period,
  type PeriodErrors,
  type PeriodField,
} from './PeriodFields';
import { useDecision } from './useDecision';
import { buttonPrimary, FormError, inputClass, Section } from './ui';

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
  const [term, setTerm] = useState<LicenceTerm>(DEFAULT_LICENCE_TERM);
  const [dates, setDates] = useState<Period>(() => defaultPeriod(DEFAULT_LICENCE_TERM));
  const [errors, setErrors] = useState<PeriodErrors>({});

  // A new term moves the end of the validity with it (as a new start does).
  const changeTerm = (next: LicenceTerm) => {
    setTerm(next);
    setDates((d) => changePeriod(d, 'validFrom', d.validFrom, next));
  };
  const changeDate = (field: PeriodField, value: string) => setDates((d) => changePeriod(d, field, value, term));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = periodErrors(dates);
    setErrors(found);
    if (focusPeriodError('approve', found)) return;
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
        <PeriodFields idPrefix="approve" value={dates} onChange={changeDate} errors={errors} disabled={off} />
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
