import { Text } from '@backstage/ui';
import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import {
  exactTime,
  relativeTime,
  runHeadline,
  triggerLabel,
} from '../../format';
import { useLatestRuns } from '../../hooks';
import { entityCardTestIds } from '../../testIds';
import { StatusChip } from '../StatusChip';
import styles from './RecentRuns.module.css';

/** How many runs the entity card lists. */
export const RECENT_RUNS = 10;

/** An external run is a preview: its label says so already. */
function trigger(run: RunSummary): string {
  const dry = run.dryRun && run.trigger !== 'external' ? ' (dry run)' : '';
  return `${triggerLabel(run)}${dry}`;
}

function labels(run: RunSummary): string {
  const { label, value } = runHeadline(run);
  const { kept, failed } = run.counts;
  return `${value} ${label}, ${kept} kept${failed ? `, ${failed} failed` : ''}`;
}

const RunLine = ({ run }: { run: RunSummary }) => (
  <tr data-testid={entityCardTestIds.run(run.id)}>
    <td title={exactTime(run.startedAt)}>{relativeTime(run.startedAt)}</td>
    <td>
      <StatusChip status={run.status} />
    </td>
    <td>{trigger(run)}</td>
    <td>{labels(run)}</td>
  </tr>
);

/** The Tower's newest runs, one line each; loads again when its last run moves on. */
export const RecentRuns = ({ tower }: { tower: TowerSummary }) => {
  const runs = useLatestRuns(tower, RECENT_RUNS);
  if (runs.error) {
    return (
      <Text variant="body-small" color="danger">
        Could not load the Tower's runs: {runs.error.message}
      </Text>
    );
  }
  if (!runs.value?.length) {
    return runs.loading ? null : (
      <Text variant="body-small" color="secondary">
        No runs yet.
      </Text>
    );
  }
  return (
    <table className={styles.runs} data-testid={entityCardTestIds.runs}>
      <thead>
        <tr>
          <th>Started</th>
          <th>Status</th>
          <th>Trigger</th>
          <th>Labels</th>
        </tr>
      </thead>
      <tbody>
        {runs.value.map(run => (
          <RunLine key={run.id} run={run} />
        ))}
      </tbody>
    </table>
  );
};
