import { Component, lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { DashboardCharts as Counts } from '@portal/shared/schemas/services';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { RequestKind } from '@portal/shared/kinds/slots';
import { useT } from '../../../i18n/locale';
import { staffApi } from '../staffApi';
import { useFormat } from '../format';
import { ui } from '../ui';

/** chart.js comes with this chunk only, when a dashboard with charts is opened (decision 042). */
const BarChart = lazy(() => import('./BarChart'));

/** One colour per kind, told apart also by readers who do not see red and green (Okabe–Ito). */
const KIND_COLOUR: Record<RequestKind, string> = {
  New: '#0072B2',
  Existing: '#009E73',
  Renew: '#E69F00',
  NameChange: '#CC79A7',
  PlotChange: '#D55E00',
};
/** The funnel: waiting stages in the office's blue, approved green, declined red. */
const stageColour = (stage: string) => (stage === 'Approved' ? '#15803d' : stage === 'Decline' ? '#b91c1c' : '#0072B2');

/** The chart's box while chart.js arrives, and where it stays when it cannot be drawn. */
function ChartBox({ heightClass, text }: { heightClass: string; text?: string }) {
  return (
    <div
      className={`${heightClass} flex w-full items-center justify-center rounded bg-gray-50 p-4 text-center text-sm text-gray-600`}
    >
      {text ?? '…'}
    </div>
  );
}

/** A chunk that failed to arrive (no connection on a first visit) leaves the table to speak. */
class ChartBoundary extends Component<
  { fallback: ReactNode; onFail: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onFail();
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

const HEIGHT = { months: 'h-72', funnel: 'h-72' };

/**
 * The two charts of the Admin's and BADC's dashboards (docs/decisions/042-dashboard-charts.md):
 * applications received per month by kind over the last twelve months, and where the live
 * applications stand now. Each picture has its words: the canvas says a summary, and a table
 * (hidden from sight, read by screen readers; shown when the chart cannot be drawn) holds every number.
 */
export function DashboardCharts() {
  const t = useT();
  const f = useFormat();
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [drawFailed, setDrawFailed] = useState(false);

  useEffect(() => {
    const ctl = new AbortController();
    staffApi<Counts>('/api/staff/dashboard/charts', { signal: ctl.signal }).then(
      (c) => !ctl.signal.aborted && setCounts(c),
      (e: unknown) => !ctl.signal.aborted && setError(e),
    );
    return () => ctl.abort();
  }, []);

  const view = useMemo(() => {
    if (!counts) return null;
    const monthName = (m: string, short = false) =>
      t(`staff.${short ? 'monthShort' : 'month'}.${m.slice(5, 7)}` as MessageKey);
    const monthYear = (m: string) => t('staff.charts.monthYear', { month: monthName(m), year: f.num(m.slice(0, 4)) });
    const kindName = (k: RequestKind) => t(`staff.kind.${k}` as MessageKey);
    const stageName = (s: string) => t(`staff.charts.stage.${s}` as MessageKey);
    const monthTotals = counts.months.map((_, i) => counts.perMonth.reduce((n, s) => n + (s.counts[i] ?? 0), 0));
    const total = monthTotals.reduce((a, b) => a + b, 0);
    const busiest = monthTotals.indexOf(Math.max(...monthTotals));
    const funnelTotal = counts.stages.reduce((n, s) => n + s.count, 0);
    return {
      months: {
        labels: counts.months.map((m) => monthYear(m)),
        // The current month always labelled; on a phone every other month back from it. The year
        // under the first labelled month and wherever it changes.
        tickLabel: (i: number, step: number) => {
          const n = counts.months.length;
          if ((n - 1 - i) % step !== 0) return '';
          const m = counts.months[i]!;
          const previous = counts.months[i - step];
          const short = monthName(m, true);
          return !previous || previous.slice(0, 4) !== m.slice(0, 4) ? [short, f.num(m.slice(0, 4))] : short;
        },
        series: counts.perMonth.map((s) => ({ label: kindName(s.kind), data: s.counts, color: KIND_COLOUR[s.kind] })),
        title: (i: number) => monthYear(counts.months[i]!),
        summary:
          total === 0
            ? t('staff.charts.perMonth.none')
            : t('staff.charts.perMonth.summary', {
                total: f.num(total),
                month: monthYear(counts.months[busiest]!),
                count: f.num(monthTotals[busiest]!),
              }),
        rows: counts.months.map((m, i) => ({
          month: monthYear(m),
          counts: counts.perMonth.map((s) => s.counts[i] ?? 0),
          total: monthTotals[i]!,
        })),
        kinds: counts.perMonth.map((s) => kindName(s.kind)),
      },
      funnel: {
        labels: counts.stages.map((s) => stageName(s.stage)),
        series: [
          {
            label: t('staff.charts.col.count'),
            data: counts.stages.map((s) => s.count),
            color: counts.stages.map((s) => stageColour(s.stage)),
          },
        ],
        summary: t('staff.charts.funnel.summary', {
          total: f.num(funnelTotal),
          parts: counts.stages
            .map((s) => t('staff.charts.funnel.part', { stage: stageName(s.stage), count: f.num(s.count) }))
            .join(', '),
        }),
        rows: counts.stages.map((s) => ({ stage: stageName(s.stage), count: s.count })),
      },
    };
  }, [counts, t, f]);

  const num = f.num as (n: number) => string;
  // Out of sight while the chart shows; in sight when it could not be drawn.
  const tableBox = drawFailed ? 'mt-3 overflow-x-auto' : 'sr-only';
  const tableClass = 'w-full text-sm';
  const cell = 'border-b border-gray-200 px-2 py-1 text-left';
  const failed = (heightClass: string) => <ChartBox heightClass={heightClass} text={t('staff.charts.drawFailed')} />;
  const onFail = () => setDrawFailed(true);

  return (
    <section aria-labelledby="charts-heading" className="space-y-2" data-testid="dashboard-charts">
      <h2 id="charts-heading" className="font-semibold text-gray-700">
        {t('staff.charts.title')}
      </h2>
      {error !== null ? (
        <p role="alert" className={ui.alertError}>
          {t('staff.charts.loadFailed', { message: f.error(error) })}
        </p>
      ) : !view ? (
        <p role="status" className="text-gray-600">
          {t('staff.charts.loading')}
        </p>
      ) : (
        <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          <figure className={`${ui.card} min-w-0 space-y-2 p-3 sm:p-4`} aria-labelledby="chart-months-title">
            <h3 id="chart-months-title" className="text-sm font-bold text-gray-800">
              {t('staff.charts.perMonth.title')}
            </h3>
            <ChartBoundary fallback={failed(HEIGHT.months)} onFail={onFail}>
              <Suspense fallback={<ChartBox heightClass={HEIGHT.months} />}>
                <BarChart
                  labels={view.months.labels}
                  series={view.months.series}
                  stacked
                  summary={view.months.summary}
                  num={num}
                  title={view.months.title}
                  tickLabel={view.months.tickLabel}
                  heightClass={HEIGHT.months}
                />
              </Suspense>
            </ChartBoundary>
            <div className={tableBox}>
              <table className={tableClass}>
                <caption className="text-left font-semibold">{t('staff.charts.perMonth.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={cell}>
                      {t('staff.charts.col.month')}
                    </th>
                    {view.months.kinds.map((k) => (
                      <th key={k} scope="col" className={cell}>
                        {k}
                      </th>
                    ))}
                    <th scope="col" className={cell}>
                      {t('staff.charts.col.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.months.rows.map((r) => (
                    <tr key={r.month}>
                      <th scope="row" className={cell}>
                        {r.month}
                      </th>
                      {r.counts.map((n, i) => (
                        <td key={i} className={cell}>
                          {f.num(n)}
                        </td>
                      ))}
                      <td className={cell}>{f.num(r.total)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
          <figure className={`${ui.card} min-w-0 space-y-2 p-3 sm:p-4`} aria-labelledby="chart-funnel-title">
            <h3 id="chart-funnel-title" className="text-sm font-bold text-gray-800">
              {t('staff.charts.funnel.title')}
            </h3>
            <ChartBoundary fallback={failed(HEIGHT.funnel)} onFail={onFail}>
              <Suspense fallback={<ChartBox heightClass={HEIGHT.funnel} />}>
                <BarChart
                  labels={view.funnel.labels}
                  series={view.funnel.series}
                  horizontal
                  summary={view.funnel.summary}
                  num={num}
                  heightClass={HEIGHT.funnel}
                />
              </Suspense>
            </ChartBoundary>
            <div className={tableBox}>
              <table className={tableClass}>
                <caption className="text-left font-semibold">{t('staff.charts.funnel.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col" className={cell}>
                      {t('staff.charts.col.stage')}
                    </th>
                    <th scope="col" className={cell}>
                      {t('staff.charts.col.count')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.funnel.rows.map((r) => (
                    <tr key={r.stage}>
                      <th scope="row" className={cell}>
                        {r.stage}
                      </th>
                      <td className={cell}>{f.num(r.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        </div>
      )}
    </section>
  );
}
