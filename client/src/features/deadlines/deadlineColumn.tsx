import type { QueueRow } from '@portal/shared/schemas/review';
import type { QueueName } from '@portal/shared/workflow/types';
import type { Column } from '../../components/DataTable';
import type { useT } from '../../i18n/locale';
import type { useFormat } from '../staff/format';

type T = ReturnType<typeof useT>;
type F = ReturnType<typeof useFormat>;
type Deadline = NonNullable<QueueRow['deadline']>;

/**
 * Lists whose every row is at a final stage (or is a licence): no deadline to show there, so no
 * "সময়" column (docs/decisions/040-stage-deadlines.md).
 */
const UNTIMED: readonly QueueName[] = [
  'active',
  'decline',
  'change-approved',
  'change-decline',
  'rejected',
  'licence-testing',
  'licence-active',
  'licence-expired',
  'licence-suspended',
];
export const showsDeadlines = (queue: QueueName) => !UNTIMED.includes(queue);

/** The mark in words, so it reads the same printed, on a phone and to a screen reader. */
export function deadlineText(d: Deadline, t: T, f: F): string {
  if (d.paused) return t('deadlines.paused');
  if (d.overdueDays > 0) return t('deadlines.overdue', { days: f.num(d.overdueDays) });
  return t('deadlines.age', { days: f.num(d.ageDays) });
}

function DeadlineMark({ d, t, f }: { d: Deadline; t: T; f: F }) {
  const late = d.overdueDays > 0;
  return (
    <span data-overdue={late ? 'true' : undefined}>
      <span className={late ? 'font-semibold text-red-700' : d.paused ? 'text-gray-600' : undefined}>
        {late && <span aria-hidden="true">⚠ </span>}
        {deadlineText(d, t, f)}
      </span>
      <span className="block text-xs text-gray-600">{t('deadlines.dueOn', { date: f.date(d.due) })}</span>
    </span>
  );
}

/**
 * The "সময়" column of the review lists: working days in the present stage, or red with the days
 * past the target; sorted by the day the stage began (ascending: the longest waiting first).
 */
export function deadlineColumn(t: T, f: F): Column<QueueRow> {
  return {
    id: 'deadline',
    header: t('deadlines.col.age'),
    sortKey: 'stageSince',
    cell: (r) => (r.deadline ? <DeadlineMark d={r.deadline} t={t} f={f} /> : ''),
    print: (r) => (r.deadline ? deadlineText(r.deadline, t, f) : ''),
  };
}
