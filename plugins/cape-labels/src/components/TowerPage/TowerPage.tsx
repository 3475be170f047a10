import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { Alert, Card, Flex, Link, Skeleton, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useRuns, useSelectedRun, useTower } from '../../hooks';
import { TREND_RUNS } from '../RunTrend';
import { RunHistory } from '../RunHistory';
import { RunLabels } from '../RunLabels';
import { StatusChip } from '../StatusChip';
import { TopSources } from '../TopSources';
import { TowerRules } from '../TowerRules';
import {
  errorMessage,
  formatCount,
  runErrorText,
  towerStatus,
} from '../../format';
import { RunNotes } from '../TowerDetails/RunNotes';
import { useLang } from '../../translation';
import styles from './TowerPage.module.css';

/** The Tower's runs and, for the one the URL names (else the newest), its labels. */
const TowerBody = ({ tower }: { tower: TowerSummary }) => {
  const runsHeadingId = useId();
  const runs = useRuns(tower.id, {
    limit: TREND_RUNS,
    refreshKey: tower.lastRun?.id,
  });
  const chosen = useSelectedRun(runs.value);
  const { t, locale } = useLang();
  const otherTower = chosen.run && chosen.run.towerId !== tower.id;
  const selected = otherTower ? undefined : chosen.run;
  return (
    <Flex direction="column" gap="4">
      <Card className={styles.section} aria-labelledby={runsHeadingId}>
        <Text as="h2" variant="title-small" id={runsHeadingId}>
          {t('page.lastRuns', { n: formatCount(TREND_RUNS, locale) })}
        </Text>
        <RunHistory
          runs={runs.value}
          loading={runs.loading}
          error={runs.error}
          selectedRunId={selected?.id}
          onSelect={chosen.select}
        />
      </Card>
      {chosen.error && (
        <Alert
          status="danger"
          title={t('page.runError', {
            runId: chosen.named ?? '',
            message: errorMessage(chosen.error),
          })}
        />
      )}
      {otherTower && (
        <Alert
          status="danger"
          title={t('page.runOfOtherTower', {
            runId: chosen.named ?? '',
            towerId: tower.id,
          })}
        />
      )}
      <Card className={styles.section}>
        <TowerRules tower={tower} run={selected} />
      </Card>
      <Card className={styles.section}>
        <TopSources towerId={tower.id} refreshKey={tower.lastRun?.id} />
      </Card>
      {selected && (
        <Card className={styles.section}>
          {selected.error && (
            <Text as="p" variant="body-small" color="danger">
              {runErrorText(selected.error, t)}
            </Text>
          )}
          <RunNotes run={selected} />
          <RunLabels
            key={selected.id}
            run={selected}
            resourcePrefix={tower.resourcePrefix}
          />
        </Card>
      )}
    </Flex>
  );
};

/** `/cape-labels/towers/:towerId`: one Tower's run history and the labels of its runs. */
export const TowerPage = () => {
  const { towerId = '' } = useParams();
  const tower = useTower(towerId);
  const { t } = useLang();
  if (tower.error)
    return (
      <Alert
        status="danger"
        title={t('page.loadError', {
          towerId,
          message: tower.error.message,
        })}
      />
    );
  if (!tower.value) return <Skeleton height={200} />;
  const summary = tower.value;
  return (
    <Flex direction="column" gap="4">
      <Flex align="center" gap="3">
        <Text as="h1" variant="title-medium">
          {summary.title}
        </Text>
        <StatusChip status={towerStatus(summary)} />
        <Link href={summary.server} target="_blank" rel="noopener noreferrer">
          {summary.server}
        </Link>
      </Flex>
      <TowerBody tower={summary} />
    </Flex>
  );
};
