import { Flex, Text } from '@backstage/ui';
import styles from './TowerRow.module.css';

/** One big number with its label under it. */
export const RunCount = (props: {
  label: string;
  value: number;
  testId: string;
}) => (
  <Flex direction="column" gap="0" align="center" className={styles.count}>
    <Text variant="title-small" weight="bold" data-testid={props.testId}>
      {props.value}
    </Text>
    <Text variant="body-x-small" color="secondary">
      {props.label}
    </Text>
  </Flex>
);
