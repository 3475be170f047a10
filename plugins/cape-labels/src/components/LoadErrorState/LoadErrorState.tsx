import { Alert, Box } from '@backstage/ui';
import { errorMessage, isNotAllowed } from '../../format';
import { useLang } from '../../translation';
import { NotAllowedState } from '../NotAllowedState';

/** Why the Towers could not be loaded: not allowed (403), or the backend's error. */
export const LoadErrorState = (props: { error: Error }) => {
  const { t } = useLang();
  if (isNotAllowed(props.error)) {
    return <NotAllowedState />;
  }
  return (
    <Box>
      <Alert
        status="danger"
        title={t('loadError.title')}
        description={errorMessage(props.error)}
      />
    </Box>
  );
};
