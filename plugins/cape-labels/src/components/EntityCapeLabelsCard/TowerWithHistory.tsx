import { useState } from 'react';
import { Flex, Skeleton, Text } from '@backstage/ui';
import { useTowers } from '../../hooks';
import { useLang } from '../../translation';
import { LoadErrorState } from '../LoadErrorState';
import { TowerRow } from '../TowerRow';
import { RecentRuns } from './RecentRuns';

/** One Tower's row (polled like the main card's) and its recent runs. */
export const TowerWithHistory = (props: { towerId: string }) => {
  const { towerId } = props;
  const { towers, error, loading, watchTower } = useTowers();
  const [expanded, setExpanded] = useState(false);
  const { t } = useLang();

  if (loading) {
    return <Skeleton height={48} />;
  }
  if (error && !towers) {
    return <LoadErrorState error={error} />;
  }
  const tower = towers?.find(candidate => candidate.id === towerId);
  if (!tower) {
    return (
      <Text variant="body-medium">
        {t('entityCard.unknownTower', { towerId })}
      </Text>
    );
  }
  return (
    <Flex direction="column" gap="3">
      <TowerRow
        tower={tower}
        expanded={expanded}
        onToggle={() => setExpanded(e => !e)}
        onRequested={watchTower}
      />
      <RecentRuns tower={tower} />
    </Flex>
  );
};
