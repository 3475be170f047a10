import { Alert, Box } from '@backstage/ui';
import { errorMessage, isNotAllowed } from '../../format';
import { NotAllowedState } from '../NotAllowedState';

/** Why the Towers could not be loaded: not allowed (403), or the backend's error. */
export const LoadErrorState = (props: { error: Error; testId: string }) => {
  if (isNotAllowed(props.error)) {
    return <NotAllowedState />;
  }
  return (
    <Box data-testid={props.testId}>
      <Alert
        status="danger"
        title="Could not reach the cape-labels backend"
        description={errorMessage(props.error)}
      />
    </Box>
  );
};
