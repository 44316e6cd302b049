import { useEffect, useState, type FormEvent } from 'react';
import { can } from '@portal/shared/access';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import type { MessageKey } from '@portal/shared/i18n/index';
import { reactivationDefaults, type LicenceActionResult } from '@portal/shared/schemas/licence';
import type { LicenceAction } from '@portal/shared/workflow/licence';
import { api, ApiError } from '../../api/client';
import { Modal } from '../../components/ConfirmDialog';
import { useToast } from '../../components/Toast';
import { newId } from '../../offline/ids';
import { useT } from '../../i18n/locale';
import { useMe } from '../staff/useMe';
import { ui } from '../staff/ui';
import { DateInput } from '../../components/form/DateInput';

/**
 * The row actions of the licence lists (spec 3 §2 licence screens), BADC only: Approve and
 * Suspend on licenseTesting, Suspend on licenseActive and licenseExpire, Re Active (with its two
 * dates) on licenseSuspend. The server decides again (permission, version, status).
 *
 * Online only (docs/decisions/022-licence-aggregate.md): the offline outbox carries application
 * decisions; a licence action needs the connection, and without one the dialog says so and sends
 * nothing. It goes under the signed-in officer's own session, with the version the row showed.
 */
export type LicenceList = 'licenseTesting' | 'licenseActive' | 'licenseExpire' | 'licenseSuspend';

const ACTIONS_ON: Record<LicenceList, readonly LicenceAction[]> = {
  licenseTesting: ['confirm', 'suspend'],
  licenseActive: ['suspend'],
  licenseExpire: ['suspend'],
  licenseSuspend: ['reactivate'],
};

/** Spec 3 §8: 'License Status Updated', 'License Suspend Success', 'License Re Active Success' and their failures. */
const DONE: Record<LicenceAction, MessageKey> = {
  confirm: 'licence.action.confirmed',
  suspend: 'licence.action.suspended',
  reactivate: 'licence.action.reactivated',
};
const FAILED: Record<LicenceAction, MessageKey> = {
  confirm: 'licence.action.confirmFailed',
  suspend: 'licence.action.suspendFailed',
  reactivate: 'licence.action.reactivateFailed',
};

export function LicenceRowActions({
  list,
  row,
  onDone,
}: {
  list: LicenceList;
  row: { licenceId: string; licenceNumber: number; version: number; holderName: string };
  onDone(): void;
}) {
  const t = useT();
  const { me } = useMe();
  const [open, setOpen] = useState<LicenceAction | null>(null);
  if (!me?.role || !can(me.role, 'licences.manage')) return null;
  return (
    <div className="flex flex-wrap gap-1">
      {ACTIONS_ON[list].map((action) => (
        <button
          key={action}
          type="button"
          onClick={() => setOpen(action)}
          className={`${ui.small} ${action === 'suspend' ? 'bg-red-700 text-white hover:bg-red-800' : 'bg-brand-700 text-white hover:bg-brand-800'}`}
        >
          {t(`licence.action.${action}`)}
        </button>
      ))}
      {open && (
        <ActionDialog
          action={open}
          row={row}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null);
            onDone();
          }}
        />
      )}
    </div>
  );
}

function ActionDialog({
  action,
  row,
  onClose,
  onDone,
}: {
  action: LicenceAction;
  row: { licenceId: string; licenceNumber: number; version: number; holderName: string };
  onClose(): void;
  onDone(): void;
}) {
  const t = useT();
  const toast = useToast();
  const [note, setNote] = useState('');
  const [dates, setDates] = useState(() => reactivationDefaults());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const suspendText = useSuspendText(action === 'suspend');
  const title = t(`licence.action.${action}Title` as MessageKey, {
    number: toBanglaDigits(row.licenceNumber),
    name: row.holderName,
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setError(t('licence.action.offline'));
      return;
    }
    if (action === 'suspend' && !note.trim()) {
      setError(t('licence.v.noteRequired'));
      return;
    }
    if (action === 'reactivate' && !(dates.validTo > dates.validFrom)) {
      setError(t('licence.v.validToAfterFrom'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api<LicenceActionResult>(`/api/staff/licences/${row.licenceId}/actions`, {
        method: 'POST',
        json: {
          clientActionId: newId(),
          version: row.version,
          action,
          payload: action === 'suspend' ? { note: note.trim() } : action === 'reactivate' ? dates : {},
        },
      });
      toast.success(t(DONE[action]));
      onDone();
    } catch (err) {
      const apiError = err instanceof ApiError ? err : null;
      const detail = Object.values(apiError?.body?.fields ?? {})[0] ?? apiError?.messageBn;
      setError(detail ? `${t(FAILED[action])} ${detail}` : t(FAILED[action]));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title={title}
      description={action === 'confirm' ? t('licence.action.confirmBody') : undefined}
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        {action === 'suspend' && (
          <div>
            <label htmlFor="licence-suspend-note" className={ui.label}>
              {t('licence.action.suspendNote')}
            </label>
            <textarea
              id="licence-suspend-note"
              value={note}
              maxLength={500}
              rows={3}
              onChange={(e) => setNote(e.target.value)}
              className={ui.input}
            />
            {suspendText !== null && (
              <p className="mt-1 text-sm text-gray-700">
                {t(suspendText ? 'licence.action.smsWillGo' : 'licence.action.smsOff')}
              </p>
            )}
          </div>
        )}
        {action === 'reactivate' &&
          (['validFrom', 'validTo'] as const).map((field) => (
            <div key={field}>
              <label htmlFor={`licence-${field}`} className={ui.label}>
                {t(`licence.action.${field}`)}
              </label>
              <DateInput
                id={`licence-${field}`}
                required
                value={dates[field]}
                onValue={(v) => setDates((d) => ({ ...d, [field]: v }))}
                className={ui.input}
              />
            </div>
          ))}
        {error && (
          <p role="alert" className={ui.fieldError}>
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} disabled={busy} className={ui.secondary}>
            {t('common.cancel')}
          </button>
          <button type="submit" disabled={busy} className={action === 'suspend' ? ui.danger : ui.primary}>
            {busy ? t('common.loading') : t(`licence.action.${action}`)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Whether a suspension is texted (sms_application_suspend); null until known or when it cannot be read. */
function useSuspendText(wanted: boolean): boolean | null {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    api<{ suspendText: boolean }>('/api/staff/licence-settings')
      .then((s) => live && setOn(s.suspendText))
      .catch(() => live && setOn(null));
    return () => {
      live = false;
    };
  }, [wanted]);
  return on;
}
