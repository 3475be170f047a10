import type { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { Badge, Flex, Link, Text } from '@backstage/ui';
import { relativeTime } from './relativeTime';

/** The Tower as the main card's row headlines it: title, last status, mode, next run. */
export const TowerLine = (props: { tower: TowerSummary }) => {
  const { tower } = props;
  const status = tower.running
    ? 'running'
    : (tower.lastRun?.status ?? 'never run');
  return (
    <Flex
      align="center"
      gap="2"
      style={{ flexWrap: 'wrap' }}
      data-testid="cape-entity-tower"
    >
      <Link
        href={tower.server}
        target="_blank"
        rel="noopener noreferrer"
        weight="bold"
      >
        {tower.title}
      </Link>
      <Badge size="small" data-testid="cape-entity-status">
        {status}
      </Badge>
      {tower.dryRun && <Badge size="small">dry-run mode</Badge>}
      <Text variant="body-small" color="secondary">
        prefix {tower.resourcePrefix}
        {tower.nextRunAt ? `, next run ${relativeTime(tower.nextRunAt)}` : ''}
      </Text>
    </Flex>
  );
};
