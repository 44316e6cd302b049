import { useState, type FormEvent } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useT } from '../../i18n/locale';
import { FileCell, kindSlots } from '../review/ApplicationTable';
import { CheckItems } from '../review/CheckItems';
import { focusFirstError, toAnswers } from '../review/checklist';
import { DecisionChoice } from '../review/DecisionChoice';
import type { DecisionFormProps, PayloadOf } from '../review/officerAction';
import { buttonPrimary, FormError } from '../review/ui';
import { useCheckAnswers } from '../review/useCheckAnswers';

export type ChangePayload = PayloadOf<'decideChange'>;

/**
 * BADC's change review (spec 3 §2 change-pending-view, §5): each of the seven attached files marked
 * on or off with an optional note, then "approvable?" (required); "no" opens an optional reason.
 * A mark is a required choice too, so no file is passed as "on" without anyone looking at it.
 */
export function ChangeReviewForm({
  detail,
  busy,
  disabled,
  error,
  onSubmit,
}: DecisionFormProps<'decideChange'> & { detail: ApplicationDetail }) {
  const t = useT();
  const slots = kindSlots(detail.kind);
  const { answers, errors, tried, update, validate } = useCheckAnswers(slots.length, slots.length, 'optional');
  const [approve, setApprove] = useState<boolean | null>(null);
  const [reason, setReason] = useState('');
  const bySlot = new Map(detail.files.map((f) => [f.slot, f]));

  const decisionMissing = tried && approve === null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate();
    if (focusFirstError('change-mark', found)) return;
    if (approve === null) {
      document.querySelector<HTMLInputElement>('input[name="change-approvable"]')?.focus();
      return;
    }
    const marks = toAnswers(answers, slots.length, 'note');
    onSubmit(approve ? { marks, approve: true } : { marks, approve: false, reason: reason.trim() || undefined });
  };

  const off = busy || disabled;
  return (
    <form noValidate onSubmit={submit} aria-label={t('review.title.changeReview')}>
      <h3 className="mb-2 font-bold">{t('review.change.marksTitle')}</h3>
      <CheckItems
        idPrefix="change-mark"
        items={slots.map((slot) => ({
          label: t(`decisions.file.${slot}` as MessageKey),
          extra: <FileCell slot={slot} file={bySlot.get(slot)} />,
        }))}
        answers={answers}
        onChange={update}
        errors={errors}
        reasonLabel={t('review.change.note')}
        reasonRequired={false}
        yesLabel={t('review.change.markOn')}
        noLabel={t('review.change.markOff')}
        disabled={off}
      />

      <div className="mt-4">
        <DecisionChoice
          name="change-approvable"
          legend={t('review.change.question')}
          value={approve}
          onChange={setApprove}
          yesLabel={t('review.change.yes')}
          noLabel={t('review.change.no')}
          missing={decisionMissing}
          disabled={off}
          reason={{ id: 'change-reason', label: t('review.change.reason'), value: reason, onChange: setReason }}
        />
      </div>

      {tried && (errors.size > 0 || decisionMissing) && (
        <p role="alert" className="mt-3 text-red-700">
          {t('decisions.fixErrors')}
        </p>
      )}
      <FormError message={error} />
      <button type="submit" disabled={off} className={`${buttonPrimary} mt-4 w-full sm:w-auto`}>
        {busy ? t('decisions.sending') : t('review.change.submit')}
      </button>
    </form>
  );
}
