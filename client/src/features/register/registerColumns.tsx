import type { MessageKey } from '@portal/shared/i18n/index';
import type { RegisterList, RegisterRow } from '@portal/shared/schemas/register';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import type { Column } from '../../components/DataTable';
import type { useT } from '../../i18n/locale';
import type { useFormat } from '../staff/format';

/**
 * The register's columns of an application (docs/decisions/037): number, kind, applicant with the
 * father's name, mobile, village, union, mouza, submission day, stage, and the licence on the lists
 * whose rows name one. The office's register adds its actions; the area's, the office first
 * (docs/decisions/057-offices.md, step 4).
 */
export function registerColumns<Row extends RegisterRow>(
  t: ReturnType<typeof useT>,
  f: ReturnType<typeof useFormat>,
  list: RegisterList,
): Column<Row>[] {
  const text = (id: keyof RegisterRow & string, header: MessageKey): Column<Row> => ({
    id,
    header: t(header),
    sortKey: id,
    cell: (r) => String(r[id] ?? ''),
  });
  const cols: Column<Row>[] = [
    {
      id: 'applicationNumber',
      header: t('staff.col.applicationNumber'),
      sortKey: 'applicationNumber',
      cell: (r) => f.num(r.applicationNumber),
    },
    {
      id: 'kind',
      header: t('staff.col.kind'),
      sortKey: 'kind',
      cell: (r) => t(`staff.kind.${r.kind}` as MessageKey),
    },
    {
      // The father's name under the applicant's, as the office tells two namesakes apart; one
      // column fewer keeps the row on a laptop screen.
      id: 'applicantName',
      header: t('staff.col.applicantName'),
      sortKey: 'applicantName',
      cell: (r) => (
        <>
          <span className="block">{r.applicantName}</span>
          {r.fatherName && (
            <span className="block text-xs text-gray-600">
              {t('register.col.fatherName')}: {r.fatherName}
            </span>
          )}
        </>
      ),
      print: (r) => (r.fatherName ? `${r.applicantName} (${r.fatherName})` : r.applicantName),
    },
    { id: 'mobile', header: t('staff.col.mobile'), sortKey: 'mobile', cell: (r) => f.num(r.mobile) },
    text('village', 'staff.col.village'),
    text('union', 'staff.col.union'),
    text('mouza', 'staff.col.mouza'),
    {
      id: 'submittedAt',
      header: t('staff.col.submittedAt'),
      sortKey: 'submittedAt',
      cell: (r) => f.day(r.submittedAt),
    },
    { id: 'stage', header: t('register.col.stage'), sortKey: 'stage', cell: (r) => t(stageLabelKey(r.stage)) },
  ];
  if (list !== 'new')
    cols.push({
      id: 'licenceNumber',
      header: t('staff.col.licenceNumber'),
      cell: (r) => (r.licenceNumber === null ? '' : f.num(r.licenceNumber)),
    });
  return cols;
}
