import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { Resolution, ResolutionPage, ResolutionRow } from '@portal/shared/schemas/resolutions';
import { DataTable, type Column } from '../../../components/DataTable';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import {
  ResolutionFields,
  validateResolution,
  type FieldMessages,
  type ResolutionDraft,
} from '../../../features/resolutions/ResolutionFields';
import { staffApi } from '../../../features/staff/staffApi';
import { useFormat } from '../../../features/staff/format';
import { fieldErrors } from '../../../features/staff/TextField';
import { ui } from '../../../features/staff/ui';

/**
 * /admin-page/resolution (spec 2 §2 "Resolution list and create form"; BADC and the Admin): the
 * create form, then the list in the shared pattern (paged, searched and sorted by the server) with
 * View and print, Edit and Delete per row. Delete asks first (spec 2 §5 'Are you sure to Delete?').
 */
const EMPTY: ResolutionDraft = { title: '', rangeFrom: '', rangeTo: '' };
const LINK = `${ui.small} border border-brand-700 text-brand-800 whitespace-nowrap`;

export default function ResolutionList() {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [reloadKey, setReloadKey] = useState(0);
  const [draft, setDraft] = useState<ResolutionDraft>(EMPTY);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    (query: string, signal: AbortSignal) => staffApi<ResolutionPage>(`/api/staff/resolutions?${query}`, { signal }),
    [],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validateResolution(draft, '');
    setErrors(Object.fromEntries(Object.entries(checked.errors).map(([k, key]) => [k, t(key)])));
    if (!checked.input) return;
    setBusy(true);
    try {
      await staffApi<Resolution>('/api/staff/resolutions', { method: 'POST', json: checked.input });
      toast.success(t('resolutions.created'));
      setDraft(EMPTY);
      setReloadKey((k) => k + 1);
    } catch (err) {
      // What was typed stays in the form; the server's own field messages show under the fields.
      setErrors(fieldErrors(err));
      toast.failure(t('resolutions.createFailed', { message: f.error(err) }));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: ResolutionRow) => {
    const ok = await confirm({
      title: t('resolutions.deleteTitle'),
      description: t('resolutions.deleteConfirm', { title: row.title }),
      confirmLabel: t('resolutions.delete'),
      cancelLabel: t('resolutions.cancel'),
      tone: 'danger',
    });
    if (!ok) return;
    try {
      await staffApi(`/api/staff/resolutions/${row.id}`, { method: 'DELETE' });
      toast.success(t('resolutions.deleted'));
      setReloadKey((k) => k + 1);
    } catch (err) {
      toast.failure(t('resolutions.deleteFailed', { message: f.error(err) }));
    }
  };

  const columns: Column<ResolutionRow>[] = [
    { id: 'title', header: t('resolutions.col.title'), sortKey: 'title', wide: true, cell: (r) => r.title },
    {
      id: 'range',
      header: t('resolutions.col.range'),
      sortKey: 'rangeFrom',
      cell: (r) => (
        <span className="whitespace-nowrap">
          {t('resolutions.range', { from: f.num(r.rangeFrom), to: f.num(r.rangeTo) })}
        </span>
      ),
      print: (r) => t('resolutions.range', { from: f.num(r.rangeFrom), to: f.num(r.rangeTo) }),
    },
    {
      id: 'count',
      header: t('resolutions.col.count'),
      cell: (r) => t('resolutions.count', { count: f.num(r.applicationCount) }),
    },
    { id: 'updated', header: t('resolutions.col.updated'), sortKey: 'updatedAt', cell: (r) => f.day(r.updatedAt) },
    {
      id: 'actions',
      header: t('resolutions.col.actions'),
      wide: true,
      noPrint: true,
      action: true,
      cell: (r) => (
        <span className="flex flex-wrap gap-1">
          <Link to={`/admin-page/resolutionView/${r.id}`} className={LINK}>
            {t('resolutions.view')}
          </Link>
          <Link to={`/admin-page/resolutionEdit/${r.id}`} className={LINK}>
            {t('resolutions.edit')}
          </Link>
          <button type="button" className={`${ui.small} bg-red-700 text-white`} onClick={() => void remove(r)}>
            {t('resolutions.delete')}
          </button>
        </span>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <form onSubmit={(e) => void submit(e)} className={`${ui.card} max-w-3xl space-y-3 print:hidden`} noValidate>
        {/* The list below carries the page's h1 (DataTable). */}
        <h2 className="text-lg font-bold text-gray-900">{t('resolutions.create.title')}</h2>
        <ResolutionFields idPrefix="new-resolution" draft={draft} onChange={setDraft} errors={errors} />
        <button type="submit" className={ui.primary} disabled={busy}>
          {busy ? t('resolutions.saving') : t('resolutions.create.submit')}
        </button>
      </form>
      <DataTable
        title={t('resolutions.list.title')}
        columns={columns}
        load={load}
        rowKey={(r) => String(r.id)}
        defaultSort={{ sort: 'createdAt', dir: 'desc' }}
        reloadKey={reloadKey}
        searchHint={t('resolutions.list.searchHint')}
        errorText={f.error}
      />
      {dialog}
    </div>
  );
}
