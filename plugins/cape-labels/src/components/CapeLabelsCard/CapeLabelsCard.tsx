import { useEffect, useState } from 'react';
import { Button, Flex, Skeleton, Text } from '@backstage/ui';
import { errorMessage } from '../../format';
import { useTowers } from '../../hooks';
import { useLang } from '../../translation';
import { CardFrame } from '../CardFrame';
import { EmptyState } from '../EmptyState';
import { LoadErrorState } from '../LoadErrorState';
import { TowerRow } from '../TowerRow';

/**
 * Props of the card, framed (`CapeLabelsCard`, `CapeLabelsFramedCard`) or not (`CapeLabelsContent`).
 * @public
 */
export type CapeLabelsCardProps = {
  /** How often to poll while a Tower is running, in ms (default 2000). */
  pollIntervalMs?: number;
};

/**
 * The card's content without its frame: for hosts (such as a home page
 * widget) that draw the frame and title themselves.
 * @public
 */
export const CapeLabelsContent = (props: CapeLabelsCardProps) => {
  const { towers, error, loading, polling, refresh, watchTower } = useTowers(
    props.pollIntervalMs,
  );
  const { t } = useLang();
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [, setTick] = useState(0);

  // keeps "3 minutes ago" current between polls
  useEffect(() => {
    const timer = setInterval(() => setTick(tick => tick + 1), 30_000);
    return () => clearInterval(timer);
  }, []);

  if (loading) {
    return (
      <Flex
        direction="column"
        gap="2"
        role="progressbar"
        aria-label={t('card.loading')}
      >
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Flex>
    );
  }
  if (error && !towers) {
    return <LoadErrorState error={error} />;
  }
  if (!towers || towers.length === 0) {
    return <EmptyState />;
  }
  return (
    <Flex direction="column" gap="0">
      <Flex justify="between" align="center">
        <Text variant="body-small" color="secondary">
          {polling ? t('card.refreshing') : ''}
        </Text>
        <Button size="small" variant="tertiary" onPress={refresh}>
          {t('card.refresh')}
        </Button>
      </Flex>
      {error && (
        <Text variant="body-small" color="warning">
          {t('card.stale', { message: errorMessage(error) })}
        </Text>
      )}
      {towers.map(tower => (
        <TowerRow
          key={tower.id}
          tower={tower}
          expanded={!!expanded[tower.id]}
          onToggle={() =>
            setExpanded(prev => ({ ...prev, [tower.id]: !prev[tower.id] }))
          }
          onRequested={watchTower}
        />
      ))}
    </Flex>
  );
};

/**
 * The "CAPE orphan labels" card: one row per configured Tower.
 * @public
 */
export const CapeLabelsCard = (props: CapeLabelsCardProps) => (
  <CardFrame>
    <CapeLabelsContent {...props} />
  </CardFrame>
);
