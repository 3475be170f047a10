import { Button, Flex, Text } from '@backstage/ui';
import type { OutcomeFilter } from '@smartx-cape/plugin-cape-labels-common';
import { useDownloadOutcomesCsv } from '../../hooks';
import { useLang } from '../../translation';

/** "Download CSV" of the run's labels passing the same filters as the table. */
export const CsvDownloadButton = (props: {
  runId: string;
  filter: OutcomeFilter;
}) => {
  const { download, pending, error } = useDownloadOutcomesCsv(
    props.runId,
    props.filter,
  );
  const { t } = useLang();
  return (
    <Flex align="center" gap="2">
      <Button
        size="small"
        variant="secondary"
        isDisabled={pending}
        onPress={() => download()}
      >
        {pending ? t('runLabels.downloading') : t('runLabels.downloadCsv')}
      </Button>
      {error && (
        <Text variant="body-small" color="danger">
          {t('runLabels.downloadError', { message: error.message })}
        </Text>
      )}
    </Flex>
  );
};
