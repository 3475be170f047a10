import { Flex } from '@backstage/ui';
import { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  formatClock,
  formatDuration,
  formatCount,
  formatRelations,
} from '../../format';
import { useLang } from '../../translation';
import { TriggerLabel } from '../EntityName';
import { Field } from './Field';
import styles from './TowerDetails.module.css';

/** Trigger, duration, replica and the counts the row does not show. */
export const RunFacts = ({ run }: { run: RunSummary }) => {
  const lang = useLang();
  const { t, locale } = lang;
  return (
    <Flex gap="4" className={styles.facts}>
      <Field label={t('details.trigger')}>
        <TriggerLabel run={run} />
      </Field>
      <Field label={t('details.duration')}>
        {formatDuration(run.durationMs, lang)}
      </Field>
      <Field label={t('details.replica')}>{run.instance}</Field>
      {run.clock && (
        <Field label={t('details.clock')}>{formatClock(run.clock, lang)}</Field>
      )}
      {run.relations && (
        <Field label={t('details.relations')}>
          <span title={run.relations.checked.join(', ')}>
            {formatRelations(run.relations, t)}
          </span>
        </Field>
      )}
      <Field label={t('details.kept')}>
        {formatCount(run.counts.kept, locale)}
      </Field>
      <Field label={t('details.failed')}>
        {formatCount(run.counts.failed, locale)}
      </Field>
      {run.dryRun && (
        <Field label={t('details.mode')}>{t('common.dryRun')}</Field>
      )}
    </Flex>
  );
};
