import { useState, type FormEvent } from 'react';
import { RENEWAL_SLOTS } from '@portal/shared/kinds/slots';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { FileCell } from '../review/ApplicationTable';
import { CheckItems } from '../review/CheckItems';
import { focusFirstError, toAnswers } from '../review/checklist';
import { DecisionChoice } from '../review/DecisionChoice';
import type { DecisionFormProps, PayloadOf } from '../review/officerAction';
import {
  changePeriod,
  defaultPeriod,
  focusPeriodError,
  PeriodFields,
  periodErrors,
  type Period,
  type PeriodErrors,
  type PeriodField,
} from '../review/PeriodFields';
import { buttonPrimary, FormError } from '../review/ui';
import { useCheckAnswers } from '../review/useCheckAnswers';

/** A renewal adds three years (spec 3 §4 "Renewal"; the certificate's rule of spec 3 §9). */
export const RENEWAL_YEARS = 3;
const CHECKS = RENEWAL_SLOTS.length;

export type RenewalPayload = PayloadOf<'decideRenewal'>;

/**
 * The BADC renewal review form (spec 3 §2 "Renewal review form", §5): six document checks, each a
 * required yes/no with a required reason on "no"; then a required Approve or Decline. Approve
 * reveals the issue date and the new validity (defaults today and today + 3 years); Decline asks
 * the reason the applicant is told. What was typed stays when the server refuses.
 */
export function RenewalReviewForm({
  detail,
  busy,
  disabled,
  error,
  onSubmit,
}: DecisionFormProps<'decideRenewal'> & { detail: ApplicationDetail }) {
  const t = useT();
  const { answers, errors, tried, update, validate } = useCheckAnswers(CHECKS, CHECKS, 'required');
  const [approve, setApprove] = useState<boolean | null>(null);
  const [period, setPeriod] = useState<Period>(() => defaultPeriod(RENEWAL_YEARS));
  const [dateErrors, setDateErrors] = useState<PeriodErrors>({});
  const [reason, setReason] = useState('');
  const bySlot = new Map(detail.files.map((f) => [f.slot, f]));

  const changeDate = (field: PeriodField, value: string) =>
    setPeriod((p) => changePeriod(p, field, value, RENEWAL_YEARS));

  const decisionMissing = tried && approve === null;
  const reasonMissing = tried && approve === false && reason.trim() === '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    const dates = approve ? periodErrors(period) : {};
    setDateErrors(dates);
    if (focusFirstError('renew-check', found)) return;
    if (approve === null) {
      document.querySelector<HTMLInputElement>('input[name="renew-decision"]')?.focus();
      return;
    }
    if (focusPeriodError('renew', dates)) return;
    if (!approve && reason.trim() === '') {
      document.getElementById('renew-reason')?.focus();
      return;
    }
    const checks = toAnswers(answers, CHECKS, 'reason');
    onSubmit(approve ? { checks, approve: true, ...period } : { checks, approve: false, reason: reason.trim() });
  };

  const off = busy || disabled;
  const anyError = errors.size > 0 || decisionMissing || reasonMissing || Object.keys(dateErrors).length > 0;
  return (
    <form noValidate onSubmit={submit} aria-label={t('review.title.renewReview')}>
      <h3 className="mb-2 font-bold">{t('review.renewal.checksTitle')}</h3>
      <CheckItems
        idPrefix="renew-check"
        items={RENEWAL_SLOTS.map((slot) => ({
          label: t('review.check.question', { document: t(`decisions.file.${slot}` as MessageKey) }),
          extra: <FileCell slot={slot} file={bySlot.get(slot)} />,
        }))}
        answers={answers}
        onChange={update}
        errors={errors}
        reasonLabel={t('decisions.checklist.reason')}
        reasonRequired
        disabled={off}
      />

      <div className="mt-4">
        <DecisionChoice
          name="renew-decision"
          legend={t('review.renewal.decision')}
          value={approve}
          onChange={setApprove}
          yesLabel={t('review.renewal.approve')}
          noLabel={t('review.renewal.decline')}
          missing={decisionMissing}
          disabled={off}
          reason={{
            id: 'renew-reason',
            label: t('review.renewal.reason'),
            value: reason,
            onChange: setReason,
            required: true,
            missing: reasonMissing,
          }}
        />
      </div>

      {approve === true && (
        <div className="mt-3 rounded border border-brand-200 bg-brand-50 p-3">
          <h3 className="font-bold">{t('review.renewal.periodTitle')}</h3>
          <PeriodFields idPrefix="renew" value={period} onChange={changeDate} errors={dateErrors} disabled={off} />
          <p className="mt-2 text-sm text-gray-700">{t('review.renewal.periodHint')}</p>
        </div>
      )}

      {tried && anyError && (
        <p role="alert" className="mt-3 text-red-700">
          {t('decisions.fixErrors')}
        </p>
      )}
      <FormError message={error} />
      <button type="submit" disabled={off} className={`${buttonPrimary} mt-4 w-full sm:w-auto`}>
        {busy ? t('decisions.sending') : t('review.renewal.submit')}
      </button>
    </form>
  );
}
