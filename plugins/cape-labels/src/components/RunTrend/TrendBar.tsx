import type { BarShapeProps } from 'recharts';
import type { MarkKind, TrendDatum } from './trendData';
import styles from './RunTrend.module.css';

const markClass: Record<MarkKind, string> = {
  deleted: styles.deleted,
  'would-delete': styles.wouldDelete,
  failed: styles.failed,
  running: styles.running,
};

/**
 * The one mark of a run: a `<rect>` in its kind's theme colour, with the run id and kind as
 * data attributes (the tests count them) and, where `titled`, a `<title>` naming the run.
 */
export function TrendBar(props: BarShapeProps & { titled: boolean }) {
  const datum = props.payload as TrendDatum;
  return (
    <rect
      className={`${styles.mark} ${markClass[datum.kind]}`}
      x={props.x}
      y={props.y}
      width={props.width}
      height={props.height}
      data-run={datum.runId}
      data-kind={datum.kind}
    >
      {props.titled && <title>{datum.title}</title>}
    </rect>
  );
}
