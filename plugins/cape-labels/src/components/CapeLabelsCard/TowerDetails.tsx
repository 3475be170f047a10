import { useApi } from '@backstage/core-plugin-api';
import { Box, Flex, Text } from '@backstage/ui';
import {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../../api';
import {
  exactTime,
  formatDuration,
  relativeTime,
  triggerLabel,
} from './format';
import { OutcomesTable } from './OutcomesTable';
import { StatusChip } from './StatusChip';
import { useAsync } from './useAsync';

const Field = (props: { label: string; children: React.ReactNode }) => (
  <Text as="div" variant="body-small">
    <Text as="span" variant="body-small" color="secondary">
      {props.label}:{' '}
    </Text>
    {props.children}
  </Text>
);

const RunFacts = ({ run, testId }: { run: RunSummary; testId: string }) => (
  <Flex gap="4" style={{ flexWrap: 'wrap' }}>
    <Field label="Trigger">
      <span data-testid={`${testId}-trigger`}>{triggerLabel(run)}</span>
    </Field>
    <Field label="Duration">
      <span data-testid={`${testId}-duration`}>
        {formatDuration(run.durationMs)}
      </span>
    </Field>
    <Field label="Replica">
      <span data-testid={`${testId}-instance`}>{run.instance}</span>
    </Field>
    <Field label="Kept">{run.counts.kept}</Field>
    <Field label="Failed">{run.counts.failed}</Field>
    {run.dryRun && <Field label="Mode">dry run</Field>}
  </Flex>
);

const EarlierRuns = (props: { tower: TowerSummary; refreshKey: string }) => {
  const api = useApi(capeLabelsApiRef);
  const { tower, refreshKey } = props;
  const runs = useAsync(
    () =>
      tower.lastRun
        ? api.listRuns(tower.id, { limit: 5, before: tower.lastRun.id })
        : Promise.resolve([]),
    [api, tower.id, refreshKey],
  );
  if (runs.error) {
    return (
      <Text variant="body-small" color="danger">
        Could not load earlier runs: {runs.error.message}
      </Text>
    );
  }
  if (!runs.value || runs.value.length === 0) {
    return runs.loading ? null : (
      <Text variant="body-small" color="secondary">
        No earlier runs.
      </Text>
    );
  }
  return (
    <ul
      style={{ margin: 0, paddingLeft: 16 }}
      data-testid={`cape-tower-${tower.id}-earlier-runs`}
    >
      {runs.value.map(r => (
        <li key={r.id}>
          <Flex gap="2" align="center">
            <StatusChip status={r.status} />
            <Text variant="body-small" title={exactTime(r.startedAt)}>
              {relativeTime(r.startedAt)}
            </Text>
            <Text variant="body-small" color="secondary">
              {r.counts.deleted} deleted · {r.counts.candidates} candidates ·{' '}
              {r.counts.scanned} scanned{r.dryRun ? ' · dry run' : ''}
            </Text>
          </Flex>
        </li>
      ))}
    </ul>
  );
};

/** Expanded view of a Tower: its last run's details, outcomes and history. */
export const TowerDetails = ({ tower }: { tower: TowerSummary }) => {
  const run = tower.lastRun;
  const testId = `cape-tower-${tower.id}-details`;
  if (!run) {
    return (
      <Box data-testid={testId} style={{ padding: '8px 0' }}>
        <Text variant="body-small" color="secondary">
          This Tower has not been swept yet.
        </Text>
      </Box>
    );
  }
  // refetch when the run moves on (polling updates the summary)
  const refreshKey = `${run.id}:${run.status}:${run.counts.scanned}:${run.counts.deleted}`;
  return (
    <Flex
      direction="column"
      gap="3"
      data-testid={testId}
      style={{ padding: '8px 0 8px 16px' }}
    >
      <Text variant="body-medium" weight="bold">
        Last run
      </Text>
      <RunFacts run={run} testId={testId} />
      {run.error && (
        <Text
          as="p"
          variant="body-small"
          color="danger"
          data-testid={`${testId}-error`}
        >
          Error{run.error.code ? ` (${run.error.code})` : ''}:{' '}
          {run.error.message}
        </Text>
      )}
      <OutcomesTable runId={run.id} refreshKey={refreshKey} />
      <Text variant="body-medium" weight="bold">
        Earlier runs
      </Text>
      <EarlierRuns tower={tower} refreshKey={run.id} />
    </Flex>
  );
};
