import { ReactNode } from 'react';
import { Text } from '@backstage/ui';

/** "Label: value" in small print. */
export const Field = (props: { label: string; children: ReactNode }) => (
  <Text as="div" variant="body-small">
    <Text as="span" variant="body-small" color="secondary">
      {props.label}:{' '}
    </Text>
    {props.children}
  </Text>
);
