import { useState, type FormEvent } from 'react';
import type { PanelProps } from './DetailPage';
import type { MessageKey } from '@portal/shared/i18n/index';
import { useT } from '../../i18n/locale';
import { useDecision } from './useDecision';
import { buttonPrimary, FieldError, FormError, inputClass, Section } from './ui';

/**
 * Recheck request (spec 3 §4 first stage): ON/OFF (required) and a message the server texts to the
 * applicant. ON needs the message, since it tells the applicant what to correct.
 */
export function RecheckForm({ detail, onDetail, locked }: PanelProps) {
  const t = useT();
  const { run, busy, error } = useDecision(detail, onDetail);
  const [status, setStatus] = useState<'' | 'ON' | 'OFF'>('');
  const [message, setMessage] = useState(detail.recheck.message ?? '');
  const [errors, setErrors] = useState<{ status?: MessageKey; message?: MessageKey }>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (status === '') found.status = 'v.choose';
    else if (status === 'ON' && message.trim() === '') found.message = 'decisions.recheck.messageRequired';
    setErrors(found);
    if (found.status || found.message) {
      document.getElementById(found.status ? 'recheck-status' : 'recheck-message')?.focus();
      return;
    }
    await run(
      'requestRecheck',
      { on: status === 'ON', message: message.trim() || undefined },
      {
        success: 'decisions.recheck.success',
        fail: 'decisions.recheck.fail',
      },
    );
  };

  const off = busy || locked;
  return (
    <Section title={t('decisions.recheck.title')} id="recheck-title">
      <form noValidate onSubmit={submit}>
        <label htmlFor="recheck-status">{t('decisions.recheck.status')}</label>
        <select
          id="recheck-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          aria-invalid={!!errors.status || undefined}
          aria-describedby={errors.status ? 'recheck-status-error' : undefined}
          aria-required
          disabled={off}
          className={inputClass}
        >
          <option value="">{t('decisions.recheck.choose')}</option>
          <option value="ON">{t('decisions.recheck.on')}</option>
          <option value="OFF">{t('decisions.recheck.off')}</option>
        </select>
        <FieldError id="recheck-status-error" message={errors.status ? t(errors.status) : null} />
        <div className="mt-3">
          <label htmlFor="recheck-message">{t('decisions.recheck.message')}</label>
          <textarea
            id="recheck-message"
            rows={3}
            maxLength={1000}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={!!errors.message || undefined}
            aria-describedby={`recheck-hint${errors.message ? ' recheck-message-error' : ''}`}
            disabled={off}
            className={inputClass}
          />
          <p id="recheck-hint" className="text-sm text-gray-600">
            {t('decisions.recheck.hint')}
          </p>
          <FieldError id="recheck-message-error" message={errors.message ? t(errors.message) : null} />
        </div>
        <FormError message={error} />
        <button type="submit" disabled={off} className={`${buttonPrimary} mt-3`}>
          {busy ? t('decisions.sending') : t('decisions.recheck.submit')}
        </button>
      </form>
    </Section>
  );
}
