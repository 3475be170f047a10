import { useEffect, useState } from 'react';
import { useApi } from '@backstage/core-plugin-api';
import { usePermission } from '@backstage/plugin-permission-react';
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  DialogHeader,
  Flex,
  Text,
} from '@backstage/ui';
import {
  capeLabelsSweepRunPermission,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef, isSweepAlreadyRunningError } from '../../api';
import { errorMessage } from './format';

const MESSAGE_TTL_MS = 15_000;

type Message = { kind: 'info' | 'warning' | 'danger'; text: string };

/**
 * "Sweep now" (after a confirmation) and "Preview" (dry run) buttons of one
 * Tower. Renders nothing for users without `cape-labels.sweep.run`.
 */
export const SweepActions = (props: {
  tower: TowerSummary;
  onRequested: (towerId: string) => void;
}) => {
  const { tower, onRequested } = props;
  const api = useApi(capeLabelsApiRef);
  const { allowed, loading } = usePermission({
    permission: capeLabelsSweepRunPermission,
  });
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState<'sweep' | 'preview'>();
  const [message, setMessage] = useState<Message>();

  // messages fade after a while; the row itself shows the run that follows
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setMessage(undefined), MESSAGE_TTL_MS);
    return () => clearTimeout(timer);
  }, [message]);

  if (loading || !allowed) {
    return null;
  }

  const request = async (dryRun: boolean) => {
    setConfirming(false);
    setPending(dryRun ? 'preview' : 'sweep');
    setMessage(undefined);
    try {
      await api.requestSweep(tower.id, { dryRun });
      setMessage({
        kind: 'info',
        text: dryRun ? 'Preview requested' : 'Sweep requested',
      });
      onRequested(tower.id);
    } catch (e) {
      if (isSweepAlreadyRunningError(e)) {
        setMessage({ kind: 'warning', text: 'already running' });
        onRequested(tower.id);
      } else {
        setMessage({
          kind: 'danger',
          text: `Request failed: ${errorMessage(e)}`,
        });
      }
    } finally {
      setPending(undefined);
    }
  };

  const testId = `cape-tower-${tower.id}`;
  return (
    <Flex direction="column" gap="1" align="end">
      <Flex gap="2">
        <Button
          size="small"
          variant="primary"
          destructive={!tower.dryRun}
          isPending={pending === 'sweep'}
          onPress={() => setConfirming(true)}
          data-testid={`${testId}-sweep`}
        >
          Sweep now
        </Button>
        <Button
          size="small"
          variant="secondary"
          isPending={pending === 'preview'}
          onPress={() => request(true)}
          data-testid={`${testId}-preview`}
        >
          Preview
        </Button>
      </Flex>
      {message && (
        <Text
          variant="body-small"
          color={message.kind}
          data-testid={`${testId}-action-message`}
        >
          {message.text}
        </Text>
      )}
      <Dialog isOpen={confirming} onOpenChange={setConfirming}>
        <DialogHeader>Sweep {tower.title} now?</DialogHeader>
        <DialogBody>
          <Text as="p">
            {tower.dryRun
              ? `${tower.title} is configured for dry runs: the sweep records what it would delete and deletes nothing.`
              : `This deletes orphan ${tower.resourcePrefix}-* labels on ${tower.server} that pass every safety check. Deleted labels cannot be restored.`}
          </Text>
        </DialogBody>
        <DialogFooter>
          <Button variant="secondary" onPress={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="primary"
            destructive={!tower.dryRun}
            onPress={() => request(false)}
            data-testid="cape-sweep-confirm"
          >
            Sweep
          </Button>
        </DialogFooter>
      </Dialog>
    </Flex>
  );
};
