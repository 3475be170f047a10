import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { Text } from '@backstage/ui';
import { triggerLabel } from '../../format';
import { relativeTime } from './relativeTime';

/** Deleted for a real run, would-delete (candidates) for a dry run. */
function outcome(run: RunSummary): string {
  const { counts } = run;
  const removed = run.dryRun
    ? `${counts.candidates} would delete`
    : `${counts.deleted} deleted`;
  const failed = counts.failed > 0 ? `, ${counts.failed} failed` : '';
  return `${removed}, ${counts.kept} kept${failed}`;
}

const cell = { padding: '4px 8px', textAlign: 'left' } as const;

/** The Tower's newest runs, one line each. */
export const RecentRuns = (props: { runs: RunSummary[] }) => {
  if (props.runs.length === 0) {
    return (
      <Text variant="body-small" color="secondary">
        No runs yet.
      </Text>
    );
  }
  return (
    <table
      data-testid="cape-entity-runs"
      style={{ borderCollapse: 'collapse', width: '100%' }}
    >
      <thead>
        <tr>
          {['Started', 'Status', 'Trigger', 'Labels'].map(h => (
            <th key={h} style={cell}>
              <Text variant="body-small" weight="bold">
                {h}
              </Text>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.runs.map(run => (
          <tr key={run.id} data-testid={`cape-entity-run-${run.id}`}>
            <td style={cell} title={run.startedAt}>
              <Text variant="body-small">{relativeTime(run.startedAt)}</Text>
            </td>
            <td style={cell} data-status={run.status}>
              <Text variant="body-small">{run.status}</Text>
            </td>
            <td style={cell}>
              <Text variant="body-small">
                {triggerLabel(run)}
                {run.dryRun && run.trigger !== 'external' ? ' (dry run)' : ''}
              </Text>
            </td>
            <td style={cell}>
              <Text variant="body-small">{outcome(run)}</Text>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
};
