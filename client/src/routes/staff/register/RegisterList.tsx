import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { can } from '@portal/shared/access';
import type { MessageKey } from '@portal/shared/i18n/index';
import {
  REGISTER_CSV_FILES,
  type RegisterList as ListName,
  type RegisterPage,
  type RegisterRow,
} from '@portal/shared/schemas/register';
import { DataTable, type Column } from '../../../components/DataTable';
import { useConfirm } from '../../../components/useConfirm';
import { useToast } from '../../../components/Toast';
import { useT } from '../../../i18n/locale';
import { DeleteDialog } from '../../../features/register/DeleteDialog';
import { registerColumns } from '../../../features/register/registerColumns';
import { RegisterStageCounts } from '../../../features/register/RegisterStageCounts';
import { downloadCsv } from '../../../features/register/downloadCsv';
import { RegisterFilters } from '../../../features/register/RegisterFilters';
import { SmsDialog } from '../../../features/register/SmsDialog';
import { useRegisterFilters } from '../../../features/register/useRegisterFilters';
import { useFormat } from '../../../features/staff/format';
import { staffApi } from '../../../features/staff/staffApi';
import { ui } from '../../../features/staff/ui';
import { useMe } from '../../../features/staff/useMe';

/**
 * /admin-page/all-application, …2 (old), …3 (change), …4 (renew): the office's register for BADC
 * and the Admin (spec 2 §2 "Application lists"; docs/decisions/037-register-lists-and-exports.md).
 * The shared list pattern (DataTable: page size, search, sort, pages, Print All, Bangla loading),
 * the register's filters and stage counts, the CSV export of what is shown, and per row View, Edit,
 * Send SMS and Delete; the Admin also sees the deleted ones, to restore them.
 */
function RegisterScreen({ list }: { list: ListName }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { me } = useMe();
  const role = me?.role ?? null;
  const allowed = (p: Parameters<typeof can>[1]) => !!role && can(role, p);
  const filters = useRegisterFilters();
  const { apiFilters } = filters;
  const deleted = filters.values.deleted;
  const [reloadKey, setReloadKey] = useState(0);
  const [counters, setCounters] = useState<RegisterPage['counters'] | null>(null);
  const [smsRow, setSmsRow] = useState<RegisterRow | null>(null);
  const [deleteRow, setDeleteRow] = useState<RegisterRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const { confirm, dialog } = useConfirm();

  const load = useCallback(
    (query: string, signal: AbortSignal) =>
      staffApi<RegisterPage>(`/api/staff/register/${list}?${query}${apiFilters ? `&${apiFilters}` : ''}`, { signal }),
    [list, apiFilters],
  );
  const reload = () => setReloadKey((k) => k + 1);

  const restore = async (row: RegisterRow) => {
    const ok = await confirm({
      title: t('register.restore.title', { number: f.num(row.applicationNumber) }),
      description: t('register.restore.description'),
      confirmLabel: t('register.action.restore'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await staffApi(`/api/staff/register/applications/${row.id}/restore`, { method: 'POST', json: {} });
      toast.success(t('register.restore.done', { number: f.num(row.applicationNumber) }));
      reload();
    } catch (e) {
      toast.failure(t('register.restore.failed', { message: f.error(e) }));
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCsv(`/api/staff/register/${list}/export.csv?${filters.exportQuery()}`, REGISTER_CSV_FILES[list]);
    } catch (e) {
      toast.failure(
        t('register.exportFailed', { message: e instanceof TypeError ? t('common.networkError') : f.error(e) }),
      );
    } finally {
      setExporting(false);
    }
  };

  const columns = useMemo((): Column<RegisterRow>[] => {
    const cols = registerColumns<RegisterRow>(t, f, list);
    if (deleted) {
      cols.push(
        {
          id: 'deleted',
          header: t('register.col.deleted'),
          sortKey: 'deletedAt',
          cell: (r) => t('register.deletedBy', { who: r.deletedBy ?? '', date: f.day(r.deletedAt) }),
        },
        { id: 'deleteReason', header: t('register.col.deleteReason'), wide: true, cell: (r) => r.deleteReason ?? '' },
        {
          id: 'actions',
          header: t('register.col.actions'),
          noPrint: true,
          wide: true,
          action: true,
          cell: (r) => {
            const open = r.restorableUntil !== null && Date.parse(r.restorableUntil) > Date.now();
            return open ? (
              <div className="flex flex-col items-start gap-1">
                <button type="button" className={`${ui.small} bg-brand-700 text-white`} onClick={() => void restore(r)}>
                  {t('register.action.restore')}
                </button>
                <span className="text-xs text-gray-600">
                  {t('register.restore.until', { date: f.day(r.restorableUntil) })}
                </span>
              </div>
            ) : (
              <span className="text-sm text-gray-600">{t('register.restore.expired')}</span>
            );
          },
        },
      );
      return cols;
    }
    cols.push({
      id: 'actions',
      header: t('register.col.actions'),
      noPrint: true,
      wide: true,
      action: true,
      cell: (r) => (
        <div className="grid w-max grid-cols-2 gap-1">
          {/* View opens the detail of any kind (docs/decisions/037). */}
          <Link to={`/admin-page/seen-view/${r.id}`} className={`${ui.small} bg-brand-700 text-white`}>
            {t('common.view')}
          </Link>
          {allowed('register.edit') && (
            <Link to={`/admin-page/edit-view/${r.id}`} className={`${ui.small} border border-gray-300 bg-white`}>
              {t('register.action.edit')}
            </Link>
          )}
          {allowed('register.sms') && (
            <button type="button" className={`${ui.small} bg-sky-700 text-white`} onClick={() => setSmsRow(r)}>
              {t('register.action.sms')}
            </button>
          )}
          {allowed('register.delete') && (
            <button type="button" className={`${ui.small} bg-red-700 text-white`} onClick={() => setDeleteRow(r)}>
              {t('register.action.delete')}
            </button>
          )}
        </div>
      ),
    });
    return cols;
    // restore and allowed read the role and the screen's helpers, which change with t, f and role.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, f, list, deleted, role]);

  return (
    <div className="space-y-3">
      <RegisterFilters
        list={list}
        values={filters.values}
        counters={counters}
        canSeeDeleted={allowed('register.restore')}
        active={filters.active}
        onChange={filters.set}
        onClear={filters.clear}
      />
      <DataTable<RegisterRow, RegisterPage>
        title={t(`register.title.${list}` as MessageKey)}
        columns={columns}
        load={load}
        rowKey={(r) => r.id}
        defaultSort={deleted ? { sort: 'deletedAt', dir: 'desc' } : { sort: 'submittedAt', dir: 'desc' }}
        reloadKey={reloadKey}
        onLoaded={(page) => setCounters(page.counters)}
        errorText={f.error}
        searchHint={t('register.searchHint')}
        summary={(page) => (
          <>
            <RegisterStageCounts counters={page.counters} />
            {page.counters.deleted !== null && !deleted && page.counters.deleted > 0 && (
              <span className="rounded bg-red-50 px-2 text-red-900">
                {t('register.count.deleted', { count: f.num(page.counters.deleted) })}
              </span>
            )}
          </>
        )}
        actions={
          <>
            {list === 'old' && (
              <Link to="/old-application" className={ui.secondary}>
                {t('register.oldEntry')}
              </Link>
            )}
            {allowed('register.export') && (
              <button type="button" className={ui.primary} onClick={() => void exportCsv()} disabled={exporting}>
                {exporting ? t('register.exporting') : t('register.export')}
              </button>
            )}
          </>
        }
      />
      {smsRow && <SmsDialog row={smsRow} onClose={() => setSmsRow(null)} />}
      {deleteRow && (
        <DeleteDialog
          row={deleteRow}
          onClose={() => setDeleteRow(null)}
          onDone={() => {
            setDeleteRow(null);
            reload();
          }}
        />
      )}
      {dialog}
    </div>
  );
}

export const NewRegister = () => <RegisterScreen list="new" />;
export const OldRegister = () => <RegisterScreen list="old" />;
export const ChangeRegister = () => <RegisterScreen list="change" />;
export const RenewRegister = () => <RegisterScreen list="renew" />;
