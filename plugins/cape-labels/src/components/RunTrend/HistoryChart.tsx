import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import useMeasure from 'react-use/esm/useMeasure';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { TrendBar } from './TrendBar';
import { MIN_BAR, useTrend, type TrendDatum } from './trendData';
import styles from './RunTrend.module.css';

const HEIGHT = 180;
/** Width until the container is measured (and in jsdom, which measures nothing). */
const FALLBACK_WIDTH = 720;

/** The hovered bar's run: its id, start, outcome and counts. */
function RunTooltip(props: {
  active?: boolean;
  payload?: ReadonlyArray<{ payload?: unknown }>;
}) {
  const datum = props.payload?.[0]?.payload as TrendDatum | undefined;
  if (!props.active || !datum) return null;
  return <div className={styles.tooltip}>{datum.title}</div>;
}

/**
 * The Tower page's history chart (Recharts): the card's bars over a time axis and a count axis,
 * as wide as the page; hovering a bar shows a tooltip naming its run.
 */
export const HistoryChart = (props: {
  /** Newest first, as the API lists them. */
  runs: RunSummary[];
}) => {
  const [ref, { width }] = useMeasure<HTMLDivElement>();
  const { data, label } = useTrend(props.runs);
  return (
    <div ref={ref} className={styles.history} role="figure" aria-label={label}>
      <BarChart
        width={Math.floor(width) || FALLBACK_WIDTH}
        height={HEIGHT}
        data={data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        maxBarSize={24}
      >
        <CartesianGrid vertical={false} className={styles.grid} />
        <XAxis
          dataKey="startedAt"
          tickLine={false}
          interval="preserveStartEnd"
          minTickGap={24}
          className={styles.axis}
        />
        <YAxis
          allowDecimals={false}
          width={40}
          tickLine={false}
          axisLine={false}
          className={styles.axis}
        />
        <Tooltip
          content={RunTooltip}
          cursor={{ className: styles.cursor }}
          isAnimationActive={false}
        />
        <Bar
          dataKey="value"
          minPointSize={MIN_BAR}
          isAnimationActive={false}
          shape={shape => <TrendBar {...shape} titled={false} />}
        />
      </BarChart>
    </div>
  );
};
