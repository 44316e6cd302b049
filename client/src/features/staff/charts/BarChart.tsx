import { useEffect, useRef } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
  type Plugin,
} from 'chart.js';

/**
 * The one place chart.js is imported (docs/decisions/042-dashboard-charts.md). Loaded only by the
 * dashboards, as a lazy chunk of its own under assets/staff/ (never precached for citizens), and
 * tree-shaken to what a bar chart needs: the bar controller and element, the category and linear
 * scales, the legend and the tooltip.
 */
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  data: number[];
  /** One colour for the series, or one per bar. */
  color: string | string[];
}

export interface BarChartProps {
  /** One label per bar (or group); an array is drawn as lines. */
  labels: (string | string[])[];
  series: BarSeries[];
  /** Bars from the left (the stage funnel) instead of from the bottom. */
  horizontal?: boolean;
  /** Series on top of each other (the months by kind). */
  stacked?: boolean;
  /** What a screen reader says for the picture; the full figures are in the table beside it. */
  summary: string;
  /** A number as the reader reads numbers (Bangla digits in Bangla). */
  num: (n: number) => string;
  /** The tooltip's title of a bar, when the tick label is shortened. */
  title?: (index: number) => string;
  /**
   * The label under bar `index` when every `step`-th bar is labelled (step 2 where the labels
   * would not fit side by side, as on a phone); empty for a bar left unlabelled.
   */
  tickLabel?: (index: number, step: number) => string | string[];
  /** The height class of the box; the chart fills it at any width. */
  heightClass: string;
}

/** Writes each bar's number at its end (the funnel) or each stack's total above it (the months). */
const valueLabels = (num: (n: number) => string, horizontal: boolean, stacked: boolean): Plugin<'bar'> => ({
  id: 'valueLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const metas = chart.getSortedVisibleDatasetMetas();
    const first = metas[0];
    if (!first) return;
    ctx.save();
    ctx.fillStyle = '#374151';
    ctx.font = `bold 11px ${chart.options.font?.family ?? 'sans-serif'}`;
    first.data.forEach((_, i) => {
      const total = stacked
        ? metas.reduce((sum, m) => sum + Number(chart.data.datasets[m.index]!.data[i] ?? 0), 0)
        : Number(chart.data.datasets[first.index]!.data[i] ?? 0);
      if (stacked && total === 0) return;
      // The end of the bar: the furthest element of the stack at this index.
      const ends = metas.map((m) => m.data[i]!).filter(Boolean);
      if (horizontal) {
        const x = Math.max(...ends.map((e) => e.x));
        const y = ends[0]!.y;
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(num(total), x + 4, y);
      } else {
        const y = Math.min(...ends.map((e) => e.y));
        const x = ends[0]!.x;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'bottom';
        ctx.fillText(num(total), x, y - 2);
      }
    });
    ctx.restore();
  },
});

/** Below this many pixels a bar's label would crowd its neighbours': label every other bar. */
const MIN_LABEL_SLOT = 34;

export default function BarChart({
  labels,
  series,
  horizontal = false,
  stacked = false,
  summary,
  num,
  title,
  tickLabel,
  heightClass,
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const el = canvas.current;
    // No 2-D context (a test's DOM, a browser with canvas turned off): the table beside it stays the picture.
    const context = el?.getContext('2d');
    if (!el || !context) return;
    const family = getComputedStyle(el).fontFamily || 'sans-serif';
    const valueAxis = horizontal ? 'x' : 'y';
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels,
        datasets: series.map((s) => ({
          label: s.label,
          data: s.data,
          backgroundColor: s.color,
          borderColor: '#ffffff',
          borderWidth: stacked ? { top: 1 } : 0,
          maxBarThickness: 28,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        // Room for the numbers written at the bars' ends.
        layout: { padding: horizontal ? { right: 28 } : { top: 16 } },
        font: { family, size: 12 },
        scales: {
          [valueAxis]: {
            stacked,
            beginAtZero: true,
            grace: '5%',
            ticks: { precision: 0, callback: (v: string | number) => num(Number(v)), font: { family, size: 11 } },
          },
          [horizontal ? 'y' : 'x']: {
            stacked,
            grid: { display: false },
            ticks: {
              autoSkip: !horizontal && !tickLabel,
              maxRotation: 0,
              font: { family, size: horizontal ? 12 : 11 },
              ...(tickLabel
                ? {
                    callback: function (this: { chart: Chart }, _value: string | number, index: number) {
                      return tickLabel(index, this.chart.width / labels.length < MIN_LABEL_SLOT ? 2 : 1);
                    },
                  }
                : {}),
            },
          },
        },
        // A tap on a month lists every kind of that month, not only the slice under the finger.
        ...(stacked ? { interaction: { mode: 'index' as const, intersect: false } } : {}),
        plugins: {
          legend: {
            display: series.length > 1,
            position: 'bottom',
            labels: { boxWidth: 12, boxHeight: 12, padding: 10, font: { family, size: 12 } },
          },
          tooltip: {
            filter: (item) => Number(item.raw) > 0,
            titleFont: { family },
            bodyFont: { family },
            callbacks: {
              ...(title ? { title: (items: { dataIndex: number }[]) => title(items[0]?.dataIndex ?? 0) } : {}),
              label: (item) => `${item.dataset.label ?? ''}: ${num(Number(item.raw))}`,
            },
          },
        },
      },
      plugins: [valueLabels(num, horizontal, stacked)],
    };
    const chart = new Chart(context, config);
    let live = true;
    // The Bangla font may still be arriving: draw again once it has.
    void document.fonts?.ready.then(() => live && chart.update());
    return () => {
      live = false;
      chart.destroy();
    };
  }, [labels, series, horizontal, stacked, num, title, tickLabel]);

  return (
    <div className={`relative w-full ${heightClass}`}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  );
}
