import { useId } from 'react';
import { Flex, Text } from '@backstage/ui';
import { formatCount } from '../../format';
import { useLang } from '../../translation';
import styles from './TowerRow.module.css';

/** One big number, grouped as the app's language groups digits, with its label under it. */
export const RunCount = (props: { label: string; value: number }) => {
  const { locale } = useLang();
  const labelId = useId();
  return (
    <Flex
      direction="column"
      gap="0"
      align="center"
      className={styles.count}
      role="group"
      aria-labelledby={labelId}
    >
      <Text variant="title-small" weight="bold">
        {formatCount(props.value, locale)}
      </Text>
      <Text variant="body-x-small" color="secondary" id={labelId}>
        {props.label}
      </Text>
    </Flex>
  );
};
