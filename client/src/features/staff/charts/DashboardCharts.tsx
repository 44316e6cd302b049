import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { DashboardCharts as Counts } from '@portal/shared/schemas/services';
import type { MessageKey } from '@portal/shared/i18n/index';
import type { RequestKind } from '@portal/shared/kinds/slots';
import { stageLabelKey } from '@portal/shared/workflow/labels';
import { ChunkBoundary } from '../../home/WhenVisible';
import { useT } from '../../../i18n/locale';
import { staffApi } from '../staffApi';
import { useFormat } from '../format';
import { ui } from '../ui';
import type { BarChartProps } from './BarChart';

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

const HEIGHT = 'h-72';

/** A chart's numbers as a table: a caption, the column heads, and rows led by their own head. */
interface ChartTable {
  caption: string;
  head: string[];
  rows: { key: string; cells: string[] }[];
}

const CELL = 'border-b border-gray-200 px-2 py-1 text-left';

/**
 * One chart of the dashboard: its title, the chart (or, while chart.js arrives, an empty box; when
 * it cannot arrive, a note and the table in sight), and the table of every number.
 */
function ChartFigure({
  id,
  title,
  chart,
  table,
  drawFailed,
  onFail,
}: {
  id: string;
  title: string;
  chart: Omit<BarChartProps, 'num' | 'heightClass'>;
  table: ChartTable;
  drawFailed: boolean;
  onFail: () => void;
}) {
  const t = useT();
  const f = useFormat();
  return (
    <figure className={`${ui.card} min-w-0 space-y-2 p-3 sm:p-4`} aria-labelledby={id}>
      <h3 id={id} className="text-sm font-bold text-gray-800">
        {title}
      </h3>
      <ChunkBoundary fallback={<ChartBox heightClass={HEIGHT} text={t('staff.charts.drawFailed')} />} onFail={onFail}>
        <Suspense fallback={<ChartBox heightClass={HEIGHT} />}>
          <BarChart {...chart} num={f.num as (n: number) => string} heightClass={HEIGHT} />
        </Suspense>
      </ChunkBoundary>
      {/* Out of sight while the chart shows; in sight when it could not be drawn. */}
      <div className={drawFailed ? 'mt-3 overflow-x-auto' : 'sr-only'}>
        <table className="w-full text-sm">
          <caption className="text-left font-semibold">{table.caption}</caption>
          <thead>
            <tr>
              {table.head.map((h) => (
                <th key={h} scope="col" className={CELL}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map(({ key, cells: [first, ...rest] }) => (
              <tr key={key}>
                <th scope="row" className={CELL}>
                  {first}
                </th>
                {rest.map((c, i) => (
                  <td key={i} className={CELL}>
                    {c}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

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
    const stageName = (s: Counts['stages'][number]['stage']) => t(stageLabelKey(s));
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
          <ChartFigure
            id="chart-months-title"
            title={t('staff.charts.perMonth.title')}
            drawFailed={drawFailed}
            onFail={onFail}
            chart={{
              labels: view.months.labels,
              series: view.months.series,
              stacked: true,
              summary: view.months.summary,
              title: view.months.title,
              tickLabel: view.months.tickLabel,
            }}
            table={{
              caption: t('staff.charts.perMonth.caption'),
              head: [t('staff.charts.col.month'), ...view.months.kinds, t('staff.charts.col.total')],
              rows: view.months.rows.map((r) => ({
                key: r.month,
                cells: [r.month, ...r.counts.map((n) => f.num(n)), f.num(r.total)],
              })),
            }}
          />
          <ChartFigure
            id="chart-funnel-title"
            title={t('staff.charts.funnel.title')}
            drawFailed={drawFailed}
            onFail={onFail}
            chart={{
              labels: view.funnel.labels,
              series: view.funnel.series,
              horizontal: true,
              summary: view.funnel.summary,
            }}
            table={{
              caption: t('staff.charts.funnel.caption'),
              head: [t('staff.charts.col.stage'), t('staff.charts.col.count')],
              rows: view.funnel.rows.map((r) => ({ key: r.stage, cells: [r.stage, f.num(r.count)] })),
            }}
          />
        </div>
      )}
    </section>
  );
}
