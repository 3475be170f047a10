import type { ReactNode } from 'react';
import { Card, CardBody, CardHeader, Text } from '@backstage/ui';
import { useLang } from '../../translation';

/** The "CAPE orphan labels" frame both cards are drawn in. */
export const CardFrame = (props: { testId: string; children: ReactNode }) => {
  const { t } = useLang();
  return (
    <Card data-testid={props.testId}>
      <CardHeader>
        <Text as="h3" variant="title-small" weight="bold">
          {t('card.title')}
        </Text>
      </CardHeader>
      <CardBody>{props.children}</CardBody>
    </Card>
  );
};
