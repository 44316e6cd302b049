import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { Me } from '@portal/shared/schemas/auth';
import type { AreaOffice, AreaRegisterPage, AreaRegisterRow } from '@portal/shared/schemas/area-register';
import {
  REGISTER_CSV_FILES,
  REGISTER_LISTS,
  type RegisterList,
  type RegisterPage,
} from '@portal/shared/schemas/register';
import { DataTable, type Column } from '../../../components/DataTable';
import { useToast } from '../../../components/Toast';
import { useLocale, useT } from '../../../i18n/locale';
import { downloadCsv } from '../../../features/register/downloadCsv';
import { registerColumns } from '../../../features/register/registerColumns';
import { RegisterFilters } from '../../../features/register/RegisterFilters';
import { RegisterStageCounts } from '../../../features/register/RegisterStageCounts';
import { useRegisterFilters } from '../../../features/register/useRegisterFilters';
import { useFormat } from '../../../features/staff/format';
import { staffApi } from '../../../features/staff/staffApi';
import { ui } from '../../../features/staff/ui';
import { nameIn } from './names';

/**
 * The register view of the area screen (docs/decisions/057-offices.md, step 4): the office's four
 * lists over every office of the caller's area, or one of them, each row naming its office, with
 * the lists' filters, search, stage counts and CSV export. Read only: no row action, since a change
 * is made at the office's own address. The list, the office and the filters live in the address.
 */
const isList = (v: string | null): v is RegisterList => (REGISTER_LISTS as readonly (string | null)[]).includes(v);

export default function AreaRegister(_: { me: Me }) {
  const t = useT();
  const f = useFormat();
  const { locale } = useLocale();
  const toast = useToast();
  const [sp, setSp] = useSearchParams();
  const listParam = sp.get('list');
  const list: RegisterList = isList(listParam) ? listParam : 'new';
  const office = sp.get('office') ?? '';
  const filters = useRegisterFilters();
  const { apiFilters } = filters;
  const [counters, setCounters] = useState<RegisterPage['counters'] | null>(null);
  const [offices, setOffices] = useState<AreaOffice[]>([]);
  const [exporting, setExporting] = useState(false);

  const officeQuery = office ? `office=${encodeURIComponent(office)}` : '';
  const load = useCallback(
    (query: string, signal: AbortSignal) =>
      staffApi<AreaRegisterPage>(
        `/api/national/register/${list}?${[query, apiFilters, officeQuery].filter(Boolean).join('&')}`,
        { signal },
      ),
    [list, apiFilters, officeQuery],
  );

  /** A new list or office starts again at page 1; a new list drops a kind that belongs to the old one. */
  const choose = (patch: { list?: RegisterList; office?: string }) =>
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      if (patch.list !== undefined) {
        if (patch.list === 'new') next.delete('list');
        else next.set('list', patch.list);
        next.delete('kind');
      }
      if (patch.office !== undefined) {
        if (patch.office) next.set('office', patch.office);
        else next.delete('office');
      }
      next.delete('page');
      return next;
    });

  const exportCsv = async () => {
    setExporting(true);
    try {
      const query = [filters.exportQuery(), officeQuery].filter(Boolean).join('&');
      await downloadCsv(`/api/national/register/${list}/export.csv?${query}`, `area_${REGISTER_CSV_FILES[list]}`);
    } catch (e) {
      toast.failure(
        t('register.exportFailed', { message: e instanceof TypeError ? t('common.networkError') : f.error(e) }),
      );
    } finally {
      setExporting(false);
    }
  };

  const nameOf = useCallback((o: AreaOffice) => nameIn(locale, o), [locale]);
  const columns = useMemo(
    (): Column<AreaRegisterRow>[] => [
      { id: 'office', header: t('areaRegister.office'), cell: (r) => nameOf(r.office) },
      ...registerColumns<AreaRegisterRow>(t, f, list),
    ],
    [t, f, list, nameOf],
  );
  // The office asked for by address stays on offer before the first answer names the area's offices.
  const officeOptions =
    offices.length > 0 || !office ? offices : [{ id: Number(office), nameBn: office, nameEn: office }];
  const select = 'block min-h-10 w-full rounded border border-gray-300 bg-white px-2';

  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-3 sm:grid-cols-2 print:hidden">
        <label>
          <span className={ui.label}>{t('areaRegister.list')}</span>
          <select value={list} onChange={(e) => choose({ list: e.target.value as RegisterList })} className={select}>
            {REGISTER_LISTS.map((l) => (
              <option key={l} value={l}>
                {t(`register.title.${l}` as MessageKey)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span className={ui.label}>{t('areaRegister.office')}</span>
          <select value={office} onChange={(e) => choose({ office: e.target.value })} className={select}>
            <option value="">{t('areaRegister.allOffices')}</option>
            {officeOptions.map((o) => (
              <option key={o.id} value={String(o.id)}>
                {nameOf(o)}
              </option>
            ))}
          </select>
        </label>
        <p className="text-sm text-gray-700 sm:col-span-2">{t('areaRegister.readOnly')}</p>
      </div>
      <RegisterFilters
        list={list}
        values={filters.values}
        counters={counters}
        canSeeDeleted={false}
        withUnion={false}
        active={filters.active}
        onChange={filters.set}
        onClear={filters.clear}
      />
      <DataTable<AreaRegisterRow, AreaRegisterPage>
        title={t(`register.title.${list}` as MessageKey)}
        columns={columns}
        load={load}
        rowKey={(r) => r.id}
        defaultSort={{ sort: 'submittedAt', dir: 'desc' }}
        onLoaded={(page) => {
          setCounters(page.counters);
          setOffices(page.offices);
        }}
        errorText={f.error}
        searchHint={t('register.searchHint')}
        summary={(page) => <RegisterStageCounts counters={page.counters} />}
        actions={
          <button type="button" className={ui.primary} onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? t('register.exporting') : t('register.export')}
          </button>
        }
      />
    </div>
  );
}
