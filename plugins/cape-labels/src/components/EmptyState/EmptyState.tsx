import { useId } from 'react';
import { Box, Text } from '@backstage/ui';
import { useLang } from '../../translation';
import styles from './EmptyState.module.css';

const SNIPPET = `capeLabels:
  towers:
    prod-a:
      title: Production A
      server: https://tower-a.example.com
      username: cape-gc
      password: \${TOWER_PROD_A_PASSWORD}`;

/** Shown when the backend has no Tower configured. */
export const EmptyState = () => {
  const { t } = useLang();
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId}>
      <Text as="p" weight="bold" id={titleId}>
        {t('emptyState.title')}
      </Text>
      <Text as="p" variant="body-small">
        {t('emptyState.howTo', {
          block: <code>capeLabels.towers</code>,
          file: <code>app-config.yaml</code>,
        })}
      </Text>
      <pre className={styles.snippet}>{SNIPPET}</pre>
    </Box>
  );
};
