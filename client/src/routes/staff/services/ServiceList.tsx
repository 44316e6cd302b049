import { useCallback, useState } from 'react';
import type { MessageKey } from '@portal/shared/i18n/index';
import {
  SERVICE_STATUSES,
  type ServiceKind,
  type ServicePage,
  type ServiceRow,
  type ServiceStatus,
} from '@portal/shared/schemas/services';
import { useT } from '../../../i18n/locale';
import { DataTable, type Column } from '../../../components/DataTable';
import { Modal } from '../../../components/ConfirmDialog';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { ui } from '../../../features/staff/ui';

/**
 * /admin-page/complaint and /admin-page/copy (spec 2 §2 "Complaint list and Copy Application
 * list"; BADC and Admin): the shared list pattern with the attached files to view, a status with
 * a note instead of the legacy delete-only list, and a delete that asks first. The server pages,
 * searches, sorts, audits and refuses other roles.
 */
const PATH: Record<ServiceKind, string> = { complaint: '/api/services/complaints', copy: '/api/services/copies' };

const BADGE: Record<ServiceStatus, string> = {
  received: 'bg-amber-100 text-amber-900',
  in_progress: 'bg-sky-100 text-sky-900',
  resolved: 'bg-brand-100 text-brand-900',
};

function ServiceList({ kind }: { kind: ServiceKind }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<ServiceRow | null>(null);

  const load = useCallback(
    (query: string, signal: AbortSignal) => staffApi<ServicePage>(`${PATH[kind]}?${query}`, { signal }),
    [kind],
  );

  const remove = async (row: ServiceRow) => {
    const ok = await confirm({
      title: t('services.delete'),
      description: t('services.deleteConfirm', { number: f.num(row.referenceNumber) }),
      confirmLabel: t('services.delete'),
      cancelLabel: t('services.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`${PATH[kind]}/${row.id}`, { method: 'DELETE' });
      toast.success(t('services.deleted'));
      setReloadKey((k) => k + 1);
    } catch (e) {
      toast.failure(t('services.deleteFailed', { message: f.error(e) }));
    }
  };

  const statusText = (s: ServiceStatus) => t(`services.status.${s}` as MessageKey);
  const columns: Column<ServiceRow>[] = [
    {
      id: 'ref',
      header: t('services.col.reference'),
      sortKey: 'referenceNumber',
      cell: (r) => f.num(r.referenceNumber),
    },
    ...(kind === 'complaint'
      ? [{ id: 'name', header: t('services.col.name'), sortKey: 'name', cell: (r: ServiceRow) => r.name }]
      : [
          {
            id: 'licence',
            header: t('services.col.licenceNumber'),
            sortKey: 'licenceNumber',
            cell: (r: ServiceRow) => f.num(r.licenceNumber),
          },
          { id: 'fee', header: t('services.col.fee'), cell: (r: ServiceRow) => f.num(r.fee) },
          {
            id: 'type',
            header: t('services.col.appType'),
            cell: (r: ServiceRow) => (r.appType ? t(`services.appType.${r.appType}` as MessageKey) : ''),
          },
        ]),
    { id: 'mobile', header: t('services.col.mobile'), sortKey: 'mobile', cell: (r) => f.num(r.mobile) },
    { id: 'submitted', header: t('services.col.submitted'), sortKey: 'submittedAt', cell: (r) => f.day(r.submittedAt) },
    {
      id: 'status',
      header: t('services.col.status'),
      sortKey: 'status',
      cell: (r) => (
        <span>
          <span className={`rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[r.status]}`}>
            {statusText(r.status)}
          </span>
          {r.statusNote && <span className="mt-1 block text-xs text-gray-700">{r.statusNote}</span>}
        </span>
      ),
      print: (r) => (r.statusNote ? `${statusText(r.status)} — ${r.statusNote}` : statusText(r.status)),
    },
    {
      id: 'files',
      header: t('services.col.files'),
      wide: true,
      noPrint: true,
      cell: (r) => (
        <ul className="flex flex-wrap gap-1">
          {r.files.map((file) => (
            <li key={file.id}>
              <a
                href={`/api/services/files/${file.id}`}
                target="_blank"
                rel="noopener"
                className="inline-block rounded border border-brand-600/40 bg-brand-50 px-1.5 py-0.5 text-xs text-brand-900 underline whitespace-nowrap"
              >
                {t(`services.slot.${kind}.${file.slot}` as MessageKey)}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    {
      id: 'actions',
      header: t('services.col.actions'),
      wide: true,
      noPrint: true,
      action: true,
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <button
            type="button"
            className={`${ui.small} border border-brand-700 text-brand-800 whitespace-nowrap`}
            onClick={() => setEditing(r)}
          >
            {t('services.status.change')}
          </button>
          <button type="button" className={`${ui.small} bg-red-700 text-white`} onClick={() => void remove(r)}>
            {t('services.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <DataTable
        title={t(`services.list.${kind}` as MessageKey)}
        columns={columns}
        load={load}
        rowKey={(r) => r.id}
        defaultSort={{ sort: 'submittedAt', dir: 'desc' }}
        reloadKey={reloadKey}
        searchHint={t(`services.searchHint.${kind}` as MessageKey)}
        errorText={f.error}
      />
      {dialog}
      {editing && (
        <StatusDialog
          kind={kind}
          row={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) setReloadKey((k) => k + 1);
          }}
        />
      )}
    </>
  );
}

function StatusDialog({
  kind,
  row,
  onClose,
}: {
  kind: ServiceKind;
  row: ServiceRow;
  onClose: (saved: boolean) => void;
}) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [status, setStatus] = useState<ServiceStatus>(row.status);
  const [note, setNote] = useState(row.statusNote);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await staffApi(`${PATH[kind]}/${row.id}/status`, { method: 'PUT', json: { status, note } });
      toast.success(t('services.status.saved'));
      onClose(true);
    } catch (e) {
      // The dialog stays open with what was typed: nothing is lost on a failed save.
      setError(t('services.status.failed', { message: f.error(e) }));
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose(false)}
      title={t('services.status.title', { number: f.num(row.referenceNumber) })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        className="space-y-3"
      >
        <fieldset>
          <legend className={ui.label}>{t('services.col.status')}</legend>
          <div className="flex flex-wrap gap-3">
            {SERVICE_STATUSES.map((s) => (
              <label key={s} className="inline-flex min-h-10 items-center gap-2">
                <input type="radio" name="status" value={s} checked={status === s} onChange={() => setStatus(s)} />
                {t(`services.status.${s}` as MessageKey)}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block">
          <span className={ui.label}>{t('services.status.note')}</span>
          <textarea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={1000}
            rows={3}
            className={ui.input}
          />
        </label>
        {error && (
          <p role="alert" className={ui.alertError}>
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button type="button" className={ui.secondary} onClick={() => onClose(false)} disabled={busy}>
            {t('services.cancel')}
          </button>
          <button type="submit" className={ui.primary} disabled={busy}>
            {t('services.status.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function ComplaintList() {
  return <ServiceList key="complaint" kind="complaint" />;
}

export function CopyList() {
  return <ServiceList key="copy" kind="copy" />;
}
