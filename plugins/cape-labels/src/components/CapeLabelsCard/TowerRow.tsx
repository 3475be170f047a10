import { Badge, Box, Button, Flex, Link, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { exactTime, isTowerRunning, relativeTime } from './format';
import { StatusChip } from './StatusChip';
import { SweepActions } from './SweepActions';
import { TowerDetails } from './TowerDetails';

const Count = (props: { label: string; value: number; testId: string }) => (
  <Flex direction="column" gap="0" align="center" style={{ minWidth: 72 }}>
    <Text variant="title-small" weight="bold" data-testid={props.testId}>
      {props.value}
    </Text>
    <Text variant="body-x-small" color="secondary">
      {props.label}
    </Text>
  </Flex>
);

/** One configured Tower: last run status and counts, actions, details. */
export const TowerRow = (props: {
  tower: TowerSummary;
  expanded: boolean;
  onToggle: () => void;
  onRequested: (towerId: string) => void;
}) => {
  const { tower, expanded, onToggle, onRequested } = props;
  const run = tower.lastRun;
  const running = isTowerRunning(tower);
  const status = running ? 'running' : (run?.status ?? 'never run');
  const id = `cape-tower-${tower.id}`;
  const counts = run?.counts;

  return (
    <Box
      data-testid={`cape-tower-row-${tower.id}`}
      data-running={running ? 'true' : 'false'}
      style={{
        borderBottom: '1px solid var(--bui-border, #ddd)',
        padding: 'var(--bui-space-3, 12px) 0',
      }}
    >
      <Flex
        justify="between"
        align="center"
        gap="4"
        style={{ flexWrap: 'wrap' }}
      >
        <Flex direction="column" gap="1" style={{ flex: '1 1 320px' }}>
          <Flex align="center" gap="2">
            <Link
              href={tower.server}
              target="_blank"
              rel="noopener noreferrer"
              weight="bold"
              data-testid={`${id}-title`}
            >
              {tower.title}
            </Link>
            <StatusChip status={status} testId={`${id}-status`} />
            {tower.dryRun && (
              <Badge size="small" data-testid={`${id}-dry-run-mode`}>
                dry-run mode
              </Badge>
            )}
            {run?.dryRun && !tower.dryRun && (
              <Badge size="small" data-testid={`${id}-dry-run-last`}>
                last run: dry run
              </Badge>
            )}
          </Flex>
          <Text variant="body-small" color="secondary">
            {run ? (
              <>
                {running ? 'Started ' : 'Ran '}
                <span
                  title={exactTime(run.startedAt)}
                  data-testid={`${id}-last-run`}
                >
                  {relativeTime(run.startedAt)}
                </span>
                {running && ' · in progress, counts so far'}
              </>
            ) : (
              'Never run'
            )}
            {' · next run '}
            <span
              title={exactTime(tower.nextRunAt)}
              data-testid={`${id}-next-run`}
            >
              {relativeTime(tower.nextRunAt, 'not scheduled')}
            </span>
          </Text>
          {run?.error && (
            <Text
              variant="body-small"
              color="danger"
              data-testid={`${id}-error`}
            >
              {run.error.message}
            </Text>
          )}
        </Flex>
        <Flex gap="2" align="center">
          <Count
            label="deleted"
            value={counts?.deleted ?? 0}
            testId={`${id}-deleted`}
          />
          <Count
            label="candidates"
            value={counts?.candidates ?? 0}
            testId={`${id}-candidates`}
          />
          <Count
            label="scanned"
            value={counts?.scanned ?? 0}
            testId={`${id}-scanned`}
          />
        </Flex>
        <Flex align="center" gap="2">
          <SweepActions tower={tower} onRequested={onRequested} />
          <Button
            size="small"
            variant="tertiary"
            onPress={onToggle}
            aria-expanded={expanded}
            data-testid={`${id}-expand`}
          >
            {expanded ? 'Hide details' : 'Details'}
          </Button>
        </Flex>
      </Flex>
      {expanded && <TowerDetails tower={tower} />}
    </Box>
  );
};
