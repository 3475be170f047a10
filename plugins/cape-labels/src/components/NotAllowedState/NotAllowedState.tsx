import { Box, Text } from '@backstage/ui';
import { cardTestIds } from '../../testIds';
import styles from './NotAllowedState.module.css';

/** Shown instead of sweep results when the backend answers 403. */
export const NotAllowedState = () => (
  <Box data-testid={cardTestIds.notAllowed} className={styles.notAllowed}>
    <Text as="p" weight="bold">
      You may not view sweep results
    </Text>
    <Text as="p" variant="body-small" color="secondary">
      Ask your Backstage admin for the <code>cape-labels.read</code> permission.
    </Text>
  </Box>
);
