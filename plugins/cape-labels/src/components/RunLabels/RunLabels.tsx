import { useId, useState } from 'react';
import { Flex, Text } from '@backstage/ui';
import type {
  OutcomeFilter,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { dateTime } from '../../format';
import { useRun } from '../../hooks';
import { useLang } from '../../translation';
import { CsvDownloadButton } from '../CsvDownloadButton';
import { LabelFilters } from '../LabelFilters';
import { OutcomesTable } from '../OutcomesTable';

/** The label keys a run may have recorded, before its settings are loaded. */
function fallbackKeys(prefix: string): string[] {
  return ['cluster-name', 'namespace', 'vip'].map(k => `${prefix}-${k}`);
}

/** One run's labels: filters, the table and the same selection as a CSV file. */
export const RunLabels = (props: {
  run: RunSummary;
  resourcePrefix: string;
}) => {
  const { run, resourcePrefix } = props;
  const headingId = useId();
  const [filter, setFilter] = useState<OutcomeFilter>({});
  const details = useRun(run.id);
  const { t, locale } = useLang();
  const keys = details.value?.settings.keys ?? fallbackKeys(resourcePrefix);
  return (
    <Flex
      direction="column"
      gap="3"
      data-run={run.id}
      role="region"
      aria-labelledby={headingId}
    >
      <Flex justify="between" align="end" gap="3">
        <Text as="h3" variant="title-x-small" id={headingId}>
          {t('runLabels.title', { when: dateTime(run.startedAt, locale) })}
        </Text>
        <CsvDownloadButton runId={run.id} filter={filter} />
      </Flex>
      <LabelFilters filter={filter} keys={keys} onChange={setFilter} />
      <OutcomesTable
        runId={run.id}
        refreshKey={`${run.id}:${run.status}`}
        filter={filter}
      />
    </Flex>
  );
};
