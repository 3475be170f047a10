import { useId } from 'react';
import { Box, Button, ButtonLink, Flex } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { runHeadline } from '../../format';
import { useTowerPageLink } from '../../hooks';
import { useLang } from '../../translation';
import { RunTrend } from '../RunTrend';
import { SweepActions } from '../SweepActions';
import { TowerDetails } from '../TowerDetails';
import { RunCount } from './RunCount';
import { TowerHeadline } from './TowerHeadline';
import styles from './TowerRow.module.css';

/** One configured Tower: last run status and counts, actions, details. */
export const TowerRow = (props: {
  tower: TowerSummary;
  expanded: boolean;
  onToggle: () => void;
  onRequested: (towerId: string) => void;
}) => {
  const { tower, expanded, onToggle, onRequested } = props;
  const { t } = useLang();
  const counts = tower.lastRun?.counts;
  const headline = runHeadline(tower.lastRun, t);
  const towerPage = useTowerPageLink();
  const errorId = useId();

  return (
    <Box
      role="group"
      aria-label={tower.title}
      aria-describedby={tower.lastRun?.error ? errorId : undefined}
      className={styles.row}
    >
      <Flex justify="between" align="center" gap="4" className={styles.summary}>
        <TowerHeadline tower={tower} errorId={errorId} />
        <RunTrend tower={tower} />
        <Flex gap="2" align="center">
          <RunCount label={headline.label} value={headline.value} />
          <RunCount
            label={t('headline.candidates')}
            value={counts?.candidates ?? 0}
          />
          <RunCount
            label={t('headline.scanned')}
            value={counts?.scanned ?? 0}
          />
        </Flex>
        <Flex align="center" gap="2">
          <SweepActions tower={tower} onRequested={onRequested} />
          {towerPage && (
            <ButtonLink
              size="small"
              variant="tertiary"
              href={towerPage(tower.id)}
            >
              {t('towerRow.history')}
            </ButtonLink>
          )}
          <Button
            size="small"
            variant="tertiary"
            onPress={onToggle}
            aria-expanded={expanded}
          >
            {expanded ? t('towerRow.hideDetails') : t('towerRow.details')}
          </Button>
        </Flex>
      </Flex>
      {expanded && <TowerDetails tower={tower} />}
    </Box>
  );
};
