import { ReactNode } from 'react';
import { Text } from '@backstage/ui';
import { useLang } from '../../translation';

/** "Label: value" in small print. */
export const Field = (props: { label: string; children: ReactNode }) => {
  const { t } = useLang();
  return (
    <Text as="div" variant="body-small" role="group" aria-label={props.label}>
      <Text as="span" variant="body-small" color="secondary">
        {t('common.field', { label: props.label })}
      </Text>
      {props.children}
    </Text>
  );
};
