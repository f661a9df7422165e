// The page's charts (issue 21 §4): chart.js through react-chartjs-2, imported only by 'Přehled školy' (its lazy
// route chunk), with only the parts drawn here registered (tree-shaken). Czech number formats via the locale; the
// canvas follows its box's width (responsive) at a fixed height, so a 375 px phone gets the same chart narrower.
import { BarElement, CategoryScale, Chart, type ChartData, type ChartOptions, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

Chart.register(BarElement, CategoryScale, LinearScale, LineElement, PointElement, Tooltip, Legend);

export const COLORS = ['#1677ff', '#52c41a', '#fa8c16', '#eb2f96', '#722ed1', '#13c2c2', '#a0d911', '#fadb14'];

export interface Series {
  label: string;
  values: number[];
}

const base = (format: (v: number) => string, horizontal = false, integer = false, suggestedMax?: number): ChartOptions<'bar' | 'line'> => ({
  locale: 'cs-CZ',
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  indexAxis: horizontal ? 'y' : 'x',
  plugins: {
    legend: { position: 'bottom', labels: { boxWidth: 12 } },
    tooltip: { callbacks: { label: (c) => `${c.dataset.label ?? ''}: ${format(Number(horizontal ? c.parsed.x : c.parsed.y))}` } },
  },
  scales: {
    [horizontal ? 'x' : 'y']: {
      beginAtZero: true,
      suggestedMax,
      ticks: { precision: integer ? 0 : undefined, callback: (v: string | number) => format(Number(v)) },
    },
  },
});

export function BarChart({
  labels,
  series,
  format,
  horizontal,
  integer,
  suggestedMax,
  height = 260,
  label,
  onPick,
}: {
  labels: string[];
  series: Series[];
  format: (v: number) => string;
  horizontal?: boolean;
  /** Counts: whole-number ticks only. */
  integer?: boolean;
  /** The value axis reaches at least this far (an empty money chart shows 0–1 000 Kč, not 0–0,01 Kč). */
  suggestedMax?: number;
  height?: number;
  /** Accessible name of the chart. */
  label: string;
  /** A click on a bar: its series and label index. */
  onPick?: (series: number, index: number) => void;
}) {
  const data: ChartData<'bar'> = {
    labels,
    datasets: series.map((s, i) => ({ label: s.label, data: s.values, backgroundColor: COLORS[i % COLORS.length] })),
  };
  const options = {
    ...base(format, horizontal, integer, suggestedMax),
    onClick: (_e: unknown, elements: { datasetIndex: number; index: number }[]) => {
      const el = elements[0];
      if (el && onPick) onPick(el.datasetIndex, el.index);
    },
    onHover: (e: { native: Event | null }, elements: unknown[]) => {
      const target = e.native?.target as HTMLElement | undefined;
      if (target && onPick) target.style.cursor = elements.length ? 'pointer' : 'default';
    },
  } as ChartOptions<'bar'>;
  return (
    <div style={{ position: 'relative', height, minWidth: 0 }}>
      <Bar data={data} options={options} aria-label={label} role="img" />
    </div>
  );
}

export function LineChart({
  labels,
  series,
  format,
  height = 260,
  label,
}: {
  labels: string[];
  series: Series[];
  format: (v: number) => string;
  height?: number;
  label: string;
}) {
  const data: ChartData<'line'> = {
    labels,
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values,
      borderColor: COLORS[i % COLORS.length],
      backgroundColor: COLORS[i % COLORS.length],
      pointRadius: 2,
      tension: 0.2,
    })),
  };
  return (
    <div style={{ position: 'relative', height, minWidth: 0 }}>
      <Line data={data} options={base(format) as ChartOptions<'line'>} aria-label={label} role="img" />
    </div>
  );
}
