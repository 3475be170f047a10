import { useId, type ReactNode } from 'react';
import { Card, CardBody, CardHeader, Text } from '@backstage/ui';
import { useLang } from '../../translation';

/** The "CAPE orphan labels" frame both cards are drawn in: an article named by its title. */
export const CardFrame = (props: { children: ReactNode }) => {
  const { t } = useLang();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <Text as="h3" variant="title-small" weight="bold" id={headingId}>
          {t('card.title')}
        </Text>
      </CardHeader>
      <CardBody>{props.children}</CardBody>
    </Card>
  );
};
