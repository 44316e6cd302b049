import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { QueuePage, QueueRow } from '@portal/shared/schemas/review';
import { DataTable, type Column } from '../../components/DataTable';
import { useConfirm } from '../../components/useConfirm';
import { useToast } from '../../components/Toast';
import { useT } from '../../i18n/locale';
import { can } from '@portal/shared/access';
import { LicenceRowActions, type LicenceList } from '../../features/licence/LicenceRowActions';
import { useFormat } from '../../features/staff/format';
import { useMe } from '../../features/staff/useMe';
import { AFTER_FORWARD_ALL, type ColumnSet, type ListScreen } from '../../features/staff/screens';
import { newClientActionId, staffApi } from '../../features/staff/staffApi';
import { ui } from '../../features/staff/ui';
import { useFieldSelection } from '../../features/field-pack/useFieldSelection';
import { deadlineColumn, showsDeadlines } from '../../features/deadlines/deadlineColumn';

type T = ReturnType<typeof useT>;
type F = ReturnType<typeof useFormat>;

function kindLabel(t: T, kind: string) {
  return t(`staff.kind.${kind}` as MessageKey);
}

/** Columns of spec 3 §2: applications by number, name, place and date; licence lists by licence number, name, type, expiry, map. */
export function columnsFor(set: ColumnSet, t: T, f: F): Column<QueueRow>[] {
  const text = (id: keyof QueueRow & string, header: MessageKey, sortable = true): Column<QueueRow> => ({
    id,
    header: t(header),
    sortKey: sortable ? id : undefined,
    cell: (r) => String(r[id] ?? ''),
  });
  const applicationNumber: Column<QueueRow> = {
    id: 'applicationNumber',
    header: t('staff.col.applicationNumber'),
    sortKey: 'applicationNumber',
    cell: (r) => f.num(r.applicationNumber),
  };
  const kind: Column<QueueRow> = { id: 'kind', header: t('staff.col.kind'), cell: (r) => kindLabel(t, r.kind) };
  const mobile: Column<QueueRow> = {
    id: 'mobile',
    header: t('staff.col.mobile'),
    sortKey: 'mobile',
    cell: (r) => f.num(r.mobile),
  };
  const submittedAt: Column<QueueRow> = {
    id: 'submittedAt',
    header: t('staff.col.submittedAt'),
    sortKey: 'submittedAt',
    cell: (r) => f.day(r.submittedAt),
  };
  const licenceNumber: Column<QueueRow> = {
    id: 'licenceNumber',
    header: t('staff.col.licenceNumber'),
    sortKey: 'licenceNumber',
    cell: (r) => (r.licenceNumber === null ? '' : f.num(r.licenceNumber)),
  };
  const remarks: Column<QueueRow> = {
    id: 'finalRemarks',
    header: t('staff.col.remarks'),
    wide: true,
    cell: (r) => r.finalRemarks ?? '',
  };
  const applicant = text('applicantName', 'staff.col.applicantName');
  const village = text('village', 'staff.col.village');
  const union = text('union', 'staff.col.union');
  const application = [
    applicationNumber,
    kind,
    applicant,
    mobile,
    village,
    union,
    text('mouza', 'staff.col.mouza'),
    submittedAt,
  ];
  if (set === 'application') return application;
  if (set === 'remarks') return [...application, remarks];
  if (set === 'approved') return [licenceNumber, ...application];
  // Spec 3 §2 "Renewal queues": type, name, union, village, licence no., date, fee, receipt no.
  if (set === 'renewal')
    return [
      kind,
      applicant,
      union,
      village,
      licenceNumber,
      submittedAt,
      { id: 'applicationFee', header: t('staff.col.applicationFee'), cell: (r) => f.num(r.applicationFee ?? '') },
      { id: 'receiptNumber', header: t('staff.col.receiptNumber'), cell: (r) => f.num(r.receiptNumber ?? '') },
    ];
  // Changes: the licence they are about and its holder, then who asked, where and when.
  if (set === 'change')
    return [
      licenceNumber,
      kind,
      { id: 'holderName', header: t('staff.col.holderName'), cell: (r) => r.holderName ?? '' },
      applicant,
      mobile,
      union,
      village,
      submittedAt,
    ];
  // The rejected list searches by licence number (spec 3 §2), so it comes first.
  if (set === 'rejected')
    return [licenceNumber, applicationNumber, kind, applicant, mobile, union, village, submittedAt, remarks];
  return [
    licenceNumber,
    {
      id: 'applicantName',
      header: t('staff.col.applicantName'),
      sortKey: 'applicantName',
      // A name change approved later shows on the licence, not on the application.
      cell: (r) => r.holderName ?? r.applicantName,
    },
    kind,
    mobile,
    { id: 'validTo', header: t('staff.col.validTo'), sortKey: 'validTo', cell: (r) => f.date(r.validTo) },
    {
      id: 'map',
      header: t('staff.col.map'),
      noPrint: true,
      cell: (r) =>
        r.latitude !== null && r.longitude !== null ? (
          <a
            href={`https://www.google.com/maps?q=${r.latitude},${r.longitude}`}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-700 underline"
          >
            {t('staff.mapLink')}
          </a>
        ) : (
          ''
        ),
    },
  ];
}

/** One list screen, configured per queue by features/staff/screens.ts. */
export default function QueueList({ screen }: { screen: ListScreen }) {
  const t = useT();
  const f = useFormat();
  const toast = useToast();
  const { confirm, dialog } = useConfirm();
  const [reloadKey, setReloadKey] = useState(0);
  const [forwarding, setForwarding] = useState(false);
  const navigate = useNavigate();
  // Forward All moves every unseen application, not only the ones a search shows: say how many.
  // The counters are the new-application lists' (spec 3 §2); other lists say "all" without a number.
  const [unseen, setUnseen] = useState<number | null>(null);

  const load = useCallback(
    (query: string, signal: AbortSignal) =>
      staffApi<QueuePage>(`/api/staff/queues/${screen.queue}?${query}`, { signal }),
    [screen.queue],
  );
  const { me } = useMe();
  // BADC's field pack: select applications, prepare them for a day with no signal (decision 031).
  const field = useFieldSelection(screen);
  const fieldColumns = field.columns;
  // BADC's licence actions on each row of the four licence lists (spec 3 §2 "Licence screens");
  // the list is read again after one, since the licence has moved to another list.
  const licenceActions = screen.columns === 'licence' && !!me?.role && can(me.role, 'licences.manage');
  const columns = useMemo(() => {
    const listed = columnsFor(screen.columns, t, f);
    // Each request's age in its stage against the stage's target (docs/decisions/040-stage-deadlines.md).
    const base = fieldColumns(showsDeadlines(screen.queue) ? [...listed, deadlineColumn(t, f)] : listed);
    if (!licenceActions) return base;
    const actions: Column<QueueRow> = {
      id: 'licenceActions',
      header: t('staff.col.licenceActions'),
      noPrint: true,
      wide: true,
      action: true,
      cell: (r) =>
        r.licenceId && r.licenceNumber !== null && r.licenceVersion !== null ? (
          <LicenceRowActions
            list={screen.path as LicenceList}
            row={{
              licenceId: r.licenceId,
              licenceNumber: r.licenceNumber,
              version: r.licenceVersion,
              holderName: r.holderName ?? r.applicantName,
            }}
            onDone={() => setReloadKey((k) => k + 1)}
          />
        ) : null,
    };
    return [...base, actions];
  }, [screen.columns, screen.path, screen.queue, t, f, licenceActions, fieldColumns]);

  const forwardAll = async () => {
    const ok = await confirm({
      title: t('staff.forwardAll.confirm'),
      description:
        unseen === null ? t('staff.forwardAll.scopeAll') : t('staff.forwardAll.scope', { count: f.num(unseen) }),
      confirmLabel: t('staff.forwardAll'),
      cancelLabel: t('common.cancel'),
    });
    if (!ok) return;
    setForwarding(true);
    try {
      const r = await staffApi<{ forwarded: number }>(`/api/staff/queues/${screen.queue}/forward-all`, {
        method: 'POST',
        json: { clientActionId: newClientActionId() },
      });
      toast.success(
        r.forwarded > 0 ? t('staff.forwardAll.done', { count: f.num(r.forwarded) }) : t('staff.forwardAll.none'),
      );
      // A change list's Forward All lands on its seen list (spec 3 §2); the others stay and reload.
      const next = AFTER_FORWARD_ALL[screen.path];
      if (next && r.forwarded > 0) navigate(`/admin-page/${next}`);
      else setReloadKey((k) => k + 1);
    } catch (e) {
      toast.failure(t('staff.forwardAll.failed', { message: f.error(e) }));
    } finally {
      setForwarding(false);
    }
  };

  return (
    <>
      <DataTable<QueueRow, QueuePage>
        title={t(screen.titleKey)}
        columns={columns}
        load={load}
        rowKey={(r) => r.id}
        viewHref={(r) => `/admin-page/${screen.detail}/${r.id}`}
        defaultSort={screen.defaultSort}
        reloadKey={reloadKey}
        onLoaded={(page) => screen.counters && setUnseen(page.counters.unseen)}
        errorText={f.error}
        searchHint={screen.columns === 'licence' ? t('staff.table.searchHintLicence') : undefined}
        summary={
          screen.counters
            ? (page) => (
                <>
                  <span className="rounded bg-amber-100 px-2 text-amber-900">
                    {t('staff.table.unseen', { count: f.num(page.counters.unseen) })}
                  </span>
                  <span className="rounded bg-brand-100 px-2 text-brand-900">
                    {t('staff.table.seen', { count: f.num(page.counters.seen) })}
                  </span>
                </>
              )
            : undefined
        }
        actions={
          screen.forwardAll ? (
            <button
              type="button"
              className={ui.primary}
              disabled={forwarding || unseen === 0}
              onClick={() => void forwardAll()}
            >
              {t('staff.forwardAll')}
            </button>
          ) : (
            (field.actions ?? undefined)
          )
        }
      />
      {dialog}
      {field.dialog}
    </>
  );
}
