import { useState, type FormEvent } from 'react';
import type { ApplicationDetail } from '@portal/shared/schemas/review';
import { useConfirm } from '../../components/useConfirm';
import { useLocale, useT } from '../../i18n/locale';
import { localDigits } from './format';
import { useDecision } from './useDecision';
import { buttonDanger, FieldError, FormError, inputClass, Section } from './ui';

/** Decline with a required reason (spec 3 §4: appended to the final remarks and texted), confirmed first. */
export function DeclineForm({
  detail,
  onDetail,
  locked,
  onDeclined,
}: {
  detail: ApplicationDetail;
  onDetail: (d: ApplicationDetail) => void;
  locked: boolean;
  onDeclined: (queued: boolean) => void;
}) {
  const t = useT();
  const { locale } = useLocale();
  const { confirm, dialog } = useConfirm();
  const { run, busy, error } = useDecision(detail, onDetail);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      document.getElementById('decline-reason')?.focus();
      return;
    }
    const ok = await confirm({
      title: t('decisions.decline.confirmTitle'),
      description: t('decisions.decline.confirmBody', {
        number: localDigits(detail.applicationNumber, locale),
        reason: reason.trim(),
      }),
      confirmLabel: t('decisions.decline.button'),
      cancelLabel: t('common.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    const result = await run(
      'decline',
      { reason: reason.trim() },
      { success: 'decisions.decline.success', fail: 'decisions.decline.fail' },
    );
    if (result && (result.outcome.kind === 'done' || result.outcome.kind === 'queued'))
      onDeclined(result.outcome.kind === 'queued');
  };

  const off = busy || locked;
  return (
    <Section title={t('decisions.decline.title')} id="decline-title">
      <form noValidate onSubmit={submit}>
        <label htmlFor="decline-reason">{t('decisions.decline.reason')}</label>
        <textarea
          id="decline-reason"
          rows={3}
          maxLength={2000}
          value={reason}
          onChange={(e) => {
            setReason(e.target.value);
            setMissing(false);
          }}
          aria-required
          aria-invalid={missing || undefined}
          aria-describedby={`decline-hint${missing ? ' decline-reason-error' : ''}`}
          disabled={off}
          className={inputClass}
        />
        <p id="decline-hint" className="text-sm text-gray-600">
          {t('decisions.decline.hint')}
        </p>
        <FieldError id="decline-reason-error" message={missing ? t('v.required') : null} />
        <FormError message={error} />
        <button type="submit" disabled={off} className={`${buttonDanger} mt-3`}>
          {busy ? t('decisions.sending') : t('decisions.decline.button')}
        </button>
      </form>
      {dialog}
    </Section>
  );
}
