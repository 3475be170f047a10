import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { Bar, BarChart, YAxis } from 'recharts';
import { TrendBar } from './TrendBar';
import { MIN_BAR, useTrend } from './trendData';
import styles from './RunTrend.module.css';

/** A bar's width and the gap after it, and the chart's height, in px (RunTrend.module.css keeps room for 30). */
const BAR = 6;
const GAP = 2;
const HEIGHT = 28;

/**
 * The card's sparkline (Recharts): a bar per run, oldest on the left, deleted (or would-delete
 * for dry runs) scaled to the largest, failed runs in the danger colour. Each bar's `<title>`
 * names its run.
 */
export const TrendChart = (props: {
  /** Newest first, as the API lists them. */
  runs: RunSummary[];
}) => {
  const { data, label } = useTrend(props.runs);
  return (
    <div className={styles.trend} role="img" aria-label={label}>
      <BarChart
        width={data.length * (BAR + GAP)}
        height={HEIGHT}
        data={data}
        margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
        barCategoryGap={GAP / 2}
        accessibilityLayer={false}
      >
        <YAxis hide domain={[0, 'dataMax']} />
        <Bar
          dataKey="value"
          minPointSize={MIN_BAR}
          isAnimationActive={false}
          shape={shape => <TrendBar {...shape} titled />}
        />
      </BarChart>
    </div>
  );
};
