import { useId } from 'react';
import { Flex, Text } from '@backstage/ui';
import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { formatCount, formatRelations, isoDuration } from '../../format';
import { useLang } from '../../translation';
import { EntityName } from '../EntityName';
import { Field } from '../TowerDetails/Field';
import styles from './TowerRules.module.css';

/** Entity refs as the catalog presents them, comma-separated. */
const EntityNames = ({ refs }: { refs: string[] }) => {
  const { t } = useLang();
  return (
    <>
      {refs.map((ref, index) => (
        <span key={ref}>
          {index > 0 && t('counts.separator')}
          <EntityName entityRef={ref} />
        </span>
      ))}
    </>
  );
};

/**
 * The rules the Tower's runs go by (config with defaults applied), who owns it and who hears
 * about its runs, and the references the shown run checked before deleting.
 */
export const TowerRules = ({
  tower,
  run,
}: {
  tower: TowerSummary;
  run?: RunSummary;
}) => {
  const { t, locale } = useLang();
  const { rules } = tower;
  const headingId = useId();
  const { schedule } = rules;
  const when = schedule.cron
    ? t('rules.cron', { cron: schedule.cron })
    : t('rules.every', {
        duration: isoDuration(schedule.frequency ?? '', locale),
      });
  return (
    <Flex direction="column" gap="2" role="region" aria-labelledby={headingId}>
      <Text as="h2" variant="title-small" id={headingId}>
        {t('rules.title')}
      </Text>
      <Flex gap="4" className={styles.facts}>
        <Field label={t('rules.owner')}>
          {tower.owner ? (
            <EntityName entityRef={tower.owner} />
          ) : (
            t('rules.noOwner')
          )}
        </Field>
        <Field label={t('rules.notify')}>
          {tower.notify.length ? (
            <EntityNames refs={tower.notify} />
          ) : (
            t('rules.nobody')
          )}
        </Field>
      </Flex>
      <Flex gap="4" className={styles.facts}>
        <Field label={t('rules.minAge')}>
          {isoDuration(rules.minAge, locale)}
        </Field>
        <Field label={t('rules.confirmAfter')}>
          {rules.confirmAfter
            ? isoDuration(rules.confirmAfter, locale)
            : t('rules.off')}
        </Field>
        <Field label={t('rules.maxDeletesPerRun')}>
          {formatCount(rules.maxDeletesPerRun, locale)}
        </Field>
        <Field label={t('rules.mode')}>
          {rules.dryRun ? t('common.dryRun') : t('rules.deletes')}
        </Field>
        <Field label={t('rules.schedule')}>
          {t('rules.scheduleValue', {
            when,
            timeout: isoDuration(schedule.timeout, locale),
          })}
        </Field>
      </Flex>
      {run?.relations && (
        <Field label={t('rules.relations')}>
          <>
            {formatRelations(run.relations, t)}
            {t('rules.relationList', {
              list: run.relations.checked.join(t('counts.separator')),
            })}
          </>
        </Field>
      )}
    </Flex>
  );
};
