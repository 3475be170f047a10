import { Box, Text } from '@backstage/ui';
import { useLang } from '../../translation';
import styles from './NotAllowedState.module.css';

/** Shown instead of sweep results when the backend answers 403. */
export const NotAllowedState = () => {
  const { t } = useLang();
  return (
    <Box className={styles.notAllowed}>
      <Text as="p" weight="bold">
        {t('notAllowed.title')}
      </Text>
      <Text as="p" variant="body-small" color="secondary">
        {t('notAllowed.howTo', { permission: <code>cape-labels.read</code> })}
      </Text>
    </Box>
  );
};
