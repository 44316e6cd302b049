import { useState, type FormEvent } from 'react';
import { RESTORE_DAYS, type RegisterRow } from '@portal/shared/schemas/register';
import { ApiError } from '../../api/client';
import { Modal } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';

/**
 * Delete of a register row (docs/decisions/037): asks the reason, which the server requires and
 * keeps in the application's history; on success the row leaves the list (onDone reloads it).
 */
export function DeleteDialog({ row, onClose, onDone }: { row: RegisterRow; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason.trim()) return setError(t('register.delete.reasonRequired'));
    setBusy(true);
    setError(null);
    try {
      await staffApi(`/api/staff/register/applications/${row.id}/delete`, { method: 'POST', json: { reason } });
      toast.success(t('register.delete.done', { number: f.num(row.applicationNumber) }));
      onDone();
    } catch (err) {
      const field = err instanceof ApiError ? err.body?.fields?.reason : undefined;
      setError(field ?? t('register.delete.failed', { message: f.error(err) }));
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t('register.delete.title', { number: f.num(row.applicationNumber) })}
      description={t('register.delete.description', { days: f.num(RESTORE_DAYS) })}
    >
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <div>
          <label htmlFor="register-delete-reason" className={ui.label}>
            {t('register.delete.reason')}
          </label>
          <textarea
            id="register-delete-reason"
            value={reason}
            rows={3}
            maxLength={500}
            required
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            className={ui.input}
          />
          {error && (
            <p role="alert" className={ui.fieldError}>
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} disabled={busy} className={ui.secondary}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={busy} className={ui.danger}>
            {busy ? t('register.delete.deleting') : t('register.delete.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
