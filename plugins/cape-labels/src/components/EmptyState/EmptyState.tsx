import { Box, Text } from '@backstage/ui';
import { cardTestIds } from '../../testIds';
import styles from './EmptyState.module.css';

const SNIPPET = `capeLabels:
  towers:
    prod-a:
      title: Production A
      server: https://tower-a.example.com
      username: cape-gc
      password: \${TOWER_PROD_A_PASSWORD}`;

/** Shown when the backend has no Tower configured. */
export const EmptyState = () => (
  <Box data-testid={cardTestIds.empty}>
    <Text as="p" weight="bold">
      No Tower configured
    </Text>
    <Text as="p" variant="body-small">
      Add a <code>capeLabels.towers</code> block to <code>app-config.yaml</code>{' '}
      and restart the backend, for example:
    </Text>
    <pre className={styles.snippet}>{SNIPPET}</pre>
  </Box>
);
