import { useCallback } from 'react';
import type { PublicLicencePage, PublicLicenceRow } from '@portal/shared/schemas/services';
import { formatDateBn, formatDateEn } from '@portal/shared/i18n/dates';
import { toBanglaDigits } from '@portal/shared/i18n/digits';
import { useLocale, useT } from '../../i18n/locale';
import { api, ApiError } from '../../api/client';
import { DataTable, type Column } from '../../components/DataTable';

/**
 * /dataTable (spec 1 §2, "contents not shown"): the public list of issued licences so anyone can
 * check that a tube well is licensed. Licence number, holder, union, mouza and validity only:
 * no mobile numbers and no documents. Paged, searched and sorted by the server.
 */
export default function PublicLicences() {
  const t = useT();
  const { locale } = useLocale();
  const num = (n: number) => (locale === 'bn' ? toBanglaDigits(n) : String(n));
  const date = locale === 'bn' ? formatDateBn : formatDateEn;
  const load = useCallback(
    (query: string, signal: AbortSignal) => api<PublicLicencePage>(`/api/public/licences?${query}`, { signal }),
    [],
  );
  const columns: Column<PublicLicenceRow>[] = [
    {
      id: 'number',
      header: t('services.licences.number'),
      sortKey: 'licenceNumber',
      cell: (r) => num(r.licenceNumber),
    },
    { id: 'name', header: t('services.licences.name'), sortKey: 'name', cell: (r) => r.name },
    { id: 'union', header: t('services.licences.union'), sortKey: 'union', cell: (r) => r.union },
    { id: 'mouza', header: t('services.licences.mouza'), sortKey: 'mouza', cell: (r) => r.mouza },
    {
      id: 'validity',
      header: t('services.licences.validity'),
      sortKey: 'validTo',
      wide: true,
      cell: (r) => (
        <span>
          {t('services.licences.range', { from: date(r.validFrom), to: date(r.validTo) })}{' '}
          <span
            className={`whitespace-nowrap rounded px-1.5 text-xs font-semibold ${r.expired ? 'bg-red-100 text-red-800' : 'bg-brand-100 text-brand-900'}`}
          >
            {r.expired ? t('services.licences.expired') : t('services.licences.valid')}
          </span>
        </span>
      ),
      print: (r) =>
        `${t('services.licences.range', { from: date(r.validFrom), to: date(r.validTo) })} (${r.expired ? t('services.licences.expired') : t('services.licences.valid')})`,
    },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <DataTable
        title={t('services.licences.title')}
        columns={columns}
        load={load}
        rowKey={(r) => String(r.licenceNumber)}
        defaultSort={{ sort: 'licenceNumber', dir: 'desc' }}
        searchHint={t('services.licences.searchHint')}
        summary={() => <span className="basis-full">{t('services.licences.intro')}</span>}
        errorText={(e) =>
          e instanceof ApiError ? (locale === 'bn' ? e.messageBn : e.messageEn) : t('staff.error.unknown')
        }
      />
    </div>
  );
}
