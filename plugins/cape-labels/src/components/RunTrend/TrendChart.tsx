import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { MarkKind, TREND, TREND_RUNS, trendMarks } from './trendMarks';
import styles from './RunTrend.module.css';

const markClass: Record<MarkKind, string> = {
  deleted: styles.deleted,
  'would-delete': styles.wouldDelete,
  failed: styles.failed,
  running: styles.running,
};

const WIDTH = TREND_RUNS * (TREND.bar + TREND.gap) - TREND.gap;

/**
 * A bar per run, oldest on the left: deleted (or would-delete for dry runs),
 * failed runs in the danger colour. Each bar's `<title>` names its run.
 */
export const TrendChart = (props: {
  runs: RunSummary[];
  testId: string;
  /** E.g. a larger size: the SVG scales with its viewBox. */
  className?: string;
}) => {
  const marks = trendMarks(props.runs);
  const failed = marks.filter(m => m.kind === 'failed').length;
  return (
    <svg
      className={`${styles.trend} ${props.className ?? ''}`}
      width={WIDTH}
      height={TREND.height + 1}
      viewBox={`0 0 ${WIDTH} ${TREND.height + 1}`}
      role="img"
      aria-label={`Last ${marks.length} runs, ${failed} failed`}
      data-testid={props.testId}
    >
      <line
        className={styles.baseline}
        x1={0}
        x2={WIDTH}
        y1={TREND.height + 0.5}
        y2={TREND.height + 0.5}
      />
      {marks.map(mark => (
        <rect
          key={mark.runId}
          className={`${styles.mark} ${markClass[mark.kind]}`}
          x={mark.x}
          y={mark.y}
          width={TREND.bar}
          height={mark.height}
          data-run={mark.runId}
          data-kind={mark.kind}
        >
          <title>{mark.title}</title>
        </rect>
      ))}
    </svg>
  );
};
