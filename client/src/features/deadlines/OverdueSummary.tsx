import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { StaffRole } from '@portal/shared/constants';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { OverdueSummary as Summary } from '@portal/shared/schemas/deadlines';
import { useT } from '../../i18n/locale';
import { useFormat } from '../staff/format';
import { canOpen, LIST_SCREENS } from '../staff/screens';
import { staffApi } from '../staff/staffApi';
import { ui } from '../staff/ui';

type StageCount = Summary['stages'][number];

/** The list a stage's work waits in, sorted with the longest waiting first, when the role may open it. */
function listHref(role: StaffRole, s: StageCount): string | null {
  const screen = LIST_SCREENS.find((l) => l.queue === s.queue);
  return screen && canOpen(role, screen.path) ? `/admin-page/${screen.path}?sort=stageSince&dir=asc` : null;
}

/** A stage with overdue work: a card with the count large and red, leading to its list. */
function StageCard({ role, s }: { role: StaffRole; s: StageCount }) {
  const t = useT();
  const f = useFormat();
  const body = (
    <>
      <span className="text-sm text-gray-700">
        {t(`deadlines.pipeline.${s.pipeline}` as MessageKey)} ·{' '}
        {t(`deadlines.stage.${s.pipeline}.${s.stage}` as MessageKey)}
      </span>
      <span className="text-2xl font-bold text-red-700">
        {t('deadlines.dash.overdue', { count: f.num(s.overdue) })}
      </span>
      <span className="text-sm text-gray-600">
        {t('deadlines.dash.open', { count: f.num(s.open), target: f.num(s.targetDays) })}
      </span>
    </>
  );
  const href = listHref(role, s);
  const box = `${ui.card} flex h-full flex-col gap-1 border-red-300`;
  return (
    <li data-testid={`overdue-${s.pipeline}-${s.stage}`}>
      {href ? (
        <Link to={href} className={`${box} hover:border-brand-600`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

/**
 * Overdue work per stage on the dashboards (docs/decisions/040-stage-deadlines.md), counted by the
 * server: an officer sees the stages it works, the Admin every stage. Stages with overdue work get a
 * card each, the others share one small line. Stages with nothing waiting are left out; a role
 * with no stage of its own (Pollibidut) sees nothing.
 */
export function OverdueSummary({ role }: { role: StaffRole }) {
  const t = useT();
  const f = useFormat();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const ctl = new AbortController();
    staffApi<Summary>('/api/staff/deadlines/overdue', { signal: ctl.signal }).then(
      (s) => !ctl.signal.aborted && setSummary(s),
      (e: unknown) => !ctl.signal.aborted && setError(e),
    );
    return () => ctl.abort();
  }, []);

  if (summary && summary.stages.length === 0) return null;
  const waiting = summary?.stages.filter((s) => s.open > 0) ?? [];
  const late = waiting.filter((s) => s.overdue > 0);
  const inTime = waiting.filter((s) => s.overdue === 0);
  return (
    <section aria-labelledby="overdue-heading" className="space-y-2">
      <h2 id="overdue-heading" className="font-semibold text-gray-700">
        {t('deadlines.dash.title')}
      </h2>
      {error !== null ? (
        <p role="alert" className={ui.alertError}>
          {t('deadlines.dash.loadFailed', { message: f.error(error) })}
        </p>
      ) : !summary ? (
        <p role="status" className="text-gray-600">
          {t('deadlines.dash.loading')}
        </p>
      ) : (
        <>
          {late.length > 0 && (
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {late.map((s) => (
                <StageCard key={`${s.pipeline}-${s.stage}`} role={role} s={s} />
              ))}
            </ul>
          )}
          {/* A zero is good news, not a task: one small line for every stage in time, where six large
              "০টির সময় পেরিয়েছে" cards used to fill a phone's first screen and a half (decision 055). */}
          {(late.length === 0 || inTime.length > 0) && (
            <p
              data-testid="overdue-in-time"
              className="rounded border border-brand-600/40 bg-brand-50 px-3 py-2 text-sm text-brand-900"
            >
              <span aria-hidden="true">✓ </span>
              {late.length === 0 ? t('deadlines.dash.none') : t('deadlines.dash.othersInTime')}
            </p>
          )}
        </>
      )}
    </section>
  );
}
