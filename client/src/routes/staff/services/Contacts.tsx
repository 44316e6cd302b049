import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { toLatinDigits } from '@portal/shared/i18n/digits';
import type { ContactPage, ContactRow } from '@portal/shared/schemas/services';
import { useT } from '../../../i18n/locale';
import { DataTable, type Column } from '../../../components/DataTable';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { ui } from '../../../features/staff/ui';

/**
 * /admin-page/contact (spec 2 §2 "Contact (All Contact)"): the home page's messages, paged and
 * searched by the server, Delete after a question, and "Export Data to Excel Sheet" as a CSV
 * the server writes for Excel (UTF-8 with BOM, so Bangla survives).
 */
export default function Contacts() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const [sp] = useSearchParams();
  const { confirm, dialog } = useConfirm();
  const [reloadKey, setReloadKey] = useState(0);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(
    (query: string, signal: AbortSignal) => staffApi<ContactPage>(`/api/admin/contacts?${query}`, { signal }),
    [],
  );

  const remove = async (row: ContactRow) => {
    const ok = await confirm({
      title: t('services.delete'),
      description: t('services.contacts.deleteConfirm', { name: row.name }),
      confirmLabel: t('services.delete'),
      cancelLabel: t('services.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/admin/contacts/${row.id}`, { method: 'DELETE' });
      toast.success(t('services.deleted'));
      setReloadKey((k) => k + 1);
    } catch (e) {
      toast.failure(t('services.deleteFailed', { message: f.error(e) }));
    }
  };

  // Fetched (not a plain link) so a failure is shown in Bangla instead of a broken download.
  const exportCsv = async () => {
    setExporting(true);
    try {
      const q = toLatinDigits(sp.get('q') ?? '').trim();
      const res = await fetch(`/api/admin/contacts/export.csv${q ? `?q=${encodeURIComponent(q)}` : ''}`, {
        credentials: 'same-origin',
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(body?.error?.message ?? String(res.status));
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'contact_data.csv';
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      toast.failure(
        t('services.contacts.exportFailed', {
          message: e instanceof TypeError ? t('services.contact.offline') : f.error(e) || String(e),
        }),
      );
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<ContactRow>[] = [
    { id: 'name', header: t('services.contact.name'), sortKey: 'name', cell: (r) => r.name },
    { id: 'phone', header: t('services.contact.phone'), sortKey: 'phone', cell: (r) => f.num(r.phone) },
    { id: 'date', header: t('services.contacts.date'), sortKey: 'createdAt', cell: (r) => f.day(r.createdAt) },
    {
      id: 'message',
      header: t('services.contact.message'),
      wide: true,
      cell: (r) => <span className="whitespace-pre-line">{r.message}</span>,
      print: (r) => r.message,
    },
    {
      id: 'actions',
      header: t('services.col.actions'),
      noPrint: true,
      action: true,
      cell: (r) => (
        <button type="button" className={`${ui.small} bg-red-700 text-white`} onClick={() => void remove(r)}>
          {t('services.delete')}
        </button>
      ),
    },
  ];

  return (
    <>
      <DataTable
        title={t('services.contacts.title')}
        columns={columns}
        load={load}
        rowKey={(r) => String(r.id)}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
        reloadKey={reloadKey}
        searchHint={t('services.contacts.searchHint')}
        errorText={f.error}
        actions={
          <button type="button" className={ui.primary} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t('services.contacts.exporting') : t('services.contacts.export')}
          </button>
        }
      />
      {dialog}
    </>
  );
}
