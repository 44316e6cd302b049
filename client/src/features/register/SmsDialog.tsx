import { useState, type FormEvent } from 'react';
import { REGISTER_SMS_MAX, type RegisterRow } from '@portal/shared/schemas/register';
import { ApiError } from '../../api/client';
import { Modal } from '../../components/ConfirmDialog';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { newClientActionId, staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';
import { smsLength, smsParts } from './smsParts';

type Result = { ok: true; text: string } | { ok: false; text: string };

/**
 * Send SMS of a register row (spec 2 §2, §7; docs/decisions/037): a message to the application's
 * mobile with its character count and parts, the Send button disabled while sending (spec 2 §5),
 * and the result in the dialog. One id per message: a retry after a lost answer queues it once.
 */
export function SmsDialog({ row, onClose }: { row: RegisterRow; onClose: () => void }) {
  const t = useT();
  const f = useFormat();
  const [message, setMessage] = useState('');
  const [clientMessageId, setClientMessageId] = useState(newClientActionId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const count = smsLength(message.trim());

  async function send(e: FormEvent) {
    e.preventDefault();
    if (count === 0) return setError(t('register.sms.empty'));
    if (count > REGISTER_SMS_MAX)
      return setError(t('register.sms.tooLong', { max: f.num(REGISTER_SMS_MAX), count: f.num(count) }));
    setBusy(true);
    setError(null);
    try {
      const r = await staffApi<{ queued: boolean; to: string }>(`/api/staff/register/applications/${row.id}/sms`, {
        method: 'POST',
        json: { message, clientMessageId },
      });
      setResult({
        ok: true,
        text: r.queued ? t('register.sms.sent', { mobile: f.num(r.to) }) : t('register.sms.repeat'),
      });
      setMessage('');
      setClientMessageId(newClientActionId());
    } catch (err) {
      const fields = err instanceof ApiError ? err.body?.fields : undefined;
      if (fields?.message) setError(fields.message);
      else setResult({ ok: false, text: t('register.sms.failed', { message: f.error(err) }) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('register.sms.title')}
      description={t('register.sms.to', {
        number: f.num(row.applicationNumber),
        name: row.applicantName,
        mobile: f.num(row.mobile),
      })}
    >
      <form onSubmit={(e) => void send(e)} className="space-y-3" noValidate>
        <div>
          <label htmlFor="register-sms-message" className={ui.label}>
            {t('register.sms.message')}
          </label>
          <textarea
            id="register-sms-message"
            value={message}
            rows={5}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
              setResult(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby="register-sms-count"
            className={ui.input}
          />
          <p
            id="register-sms-count"
            className={`mt-1 text-sm ${count > REGISTER_SMS_MAX ? 'text-red-700' : 'text-gray-600'}`}
          >
            {t('register.sms.count', {
              count: f.num(count),
              max: f.num(REGISTER_SMS_MAX),
              parts: f.num(smsParts(message.trim())),
            })}
          </p>
          {error && (
            <p role="alert" className={ui.fieldError}>
              {error}
            </p>
          )}
        </div>
        {result && (
          <p role="status" className={result.ok ? ui.alertOk : ui.alertError}>
            {result.text}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} disabled={busy} className={ui.secondary}>
            {t('register.sms.close')}
          </button>
          <button type="submit" disabled={busy} className={ui.primary}>
            {busy ? t('register.sms.sending') : t('register.sms.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
