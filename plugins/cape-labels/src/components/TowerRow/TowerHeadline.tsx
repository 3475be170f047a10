import { Badge, Flex, Link, Text } from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  exactTime,
  isTowerRunning,
  relativeTime,
  runErrorText,
  towerStatus,
} from '../../format';
import { useLang } from '../../translation';
import { StatusChip } from '../StatusChip';
import { TowerEntityLink } from '../TowerEntityLink';
import { TransportBadges } from './TransportBadges';
import styles from './TowerRow.module.css';

/**
 * The Tower's name, status, badges, when it ran and runs next, a login backoff, its last error
 * (under `errorId`, which the row is described by).
 */
export const TowerHeadline = ({
  tower,
  errorId,
}: {
  tower: TowerSummary;
  errorId: string;
}) => {
  const run = tower.lastRun;
  const running = isTowerRunning(tower);
  const { t, locale } = useLang();
  const when = (iso: string) => (
    <time dateTime={iso} title={exactTime(iso, locale)}>
      {relativeTime(iso, locale)}
    </time>
  );
  return (
    <Flex direction="column" gap="1" className={styles.about}>
      <Flex align="center" gap="2">
        <Link
          href={tower.server}
          target="_blank"
          rel="noopener noreferrer"
          weight="bold"
        >
          {tower.title}
        </Link>
        <StatusChip status={towerStatus(tower)} />
        <TowerEntityLink towerId={tower.id} />
        {tower.dryRun && <Badge size="small">{t('towerRow.dryRunMode')}</Badge>}
        {run?.dryRun && !tower.dryRun && (
          <Badge size="small">{t('towerRow.dryRunLast')}</Badge>
        )}
        <TransportBadges tower={tower} />
      </Flex>
      <Text variant="body-small" color="secondary">
        {run ? (
          <>
            {running
              ? t('towerRow.started', { when: when(run.startedAt) })
              : t('towerRow.ran', { when: when(run.startedAt) })}
            {running && t('towerRow.inProgress')}
          </>
        ) : (
          t('towerRow.neverRun')
        )}
        {t('towerRow.nextRun', {
          when: (
            <span title={exactTime(tower.nextRunAt, locale)}>
              {relativeTime(
                tower.nextRunAt,
                locale,
                t('towerRow.notScheduled'),
              )}
            </span>
          ),
        })}
      </Text>
      {tower.loginBackoff && (
        <Text variant="body-small" color="danger">
          {t('towerRow.loginBackoff', {
            refusals: String(tower.loginBackoff.refusals),
            code: tower.loginBackoff.lastCode,
            when: (
              <span title={exactTime(tower.loginBackoff.nextLoginAt, locale)}>
                {relativeTime(tower.loginBackoff.nextLoginAt, locale)}
              </span>
            ),
          })}
        </Text>
      )}
      {run?.error && (
        <Text variant="body-small" color="danger" id={errorId}>
          {runErrorText(run.error, t)}
        </Text>
      )}
    </Flex>
  );
};
