import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, Text } from '@backstage/ui';

/** The "CAPE orphan labels" frame both cards are drawn in. */
export const CardFrame = (props: { testId: string; children: ReactNode }) => (
  <Card data-testid={props.testId}>
    <CardHeader>
      <Text as="h3" variant="title-small" weight="bold">
        CAPE orphan labels
      </Text>
    </CardHeader>
    <CardBody>{props.children}</CardBody>
  </Card>
);
