import { useEffect, useState } from 'react';
import { usePermission } from '@backstage/plugin-permission-react';
import { Button, Flex, Text } from '@backstage/ui';
import {
  capeLabelsSweepRunPermission,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { useRequestSweep, useStopSweep } from '../../hooks';
import { isTowerRunning } from '../../format';
import { useLang } from '../../translation';
import { ActionMessage, actionMessage, stopMessage } from './actionMessage';
import { ConfirmStopDialog, ConfirmSweepDialog } from './ConfirmSweepDialog';

const MESSAGE_TTL_MS = 15_000;

/**
 * "Sweep now" (after a confirmation) and "Preview" (dry run) buttons of one
 * Tower, and "Stop" (after a confirmation) while it sweeps. Renders nothing for users without `cape-labels.sweep.run` on this
 * Tower (the policy may decide per Tower: the Tower id is the resourceRef).
 */
export const SweepActions = (props: {
  tower: TowerSummary;
  onRequested: (towerId: string) => void;
}) => {
  const { tower, onRequested } = props;
  const { allowed, loading } = usePermission({
    permission: capeLabelsSweepRunPermission,
    resourceRef: tower.id,
  });
  const { requestSweep, pending } = useRequestSweep(tower.id);
  const { stop, pending: stopping } = useStopSweep(tower.id);
  const [confirming, setConfirming] = useState<'sweep' | 'stop'>();
  const [message, setMessage] = useState<ActionMessage>();
  const { t } = useLang();

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
    setConfirming(undefined);
    setMessage(undefined);
    const result = await requestSweep(dryRun);
    setMessage(actionMessage(result, dryRun, t));
    // a run is on its way (or already running): the card watches for it
    if (result.kind !== 'failed') onRequested(tower.id);
  };

  const requestStop = async () => {
    setConfirming(undefined);
    setMessage(undefined);
    const result = await stop();
    setMessage(stopMessage(result, t));
    // the run ends aborted: the card watches for it
    if (result.kind === 'accepted') onRequested(tower.id);
  };
  const onOpenChange = (open: boolean) => {
    if (!open) setConfirming(undefined);
  };

  return (
    <Flex direction="column" gap="1" align="end">
      <Flex gap="2">
        <Button
          size="small"
          variant="primary"
          destructive={!tower.dryRun}
          isPending={pending === 'sweep'}
          onPress={() => setConfirming('sweep')}
        >
          {t('sweep.sweepNow')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          isPending={pending === 'preview'}
          onPress={() => request(true)}
        >
          {t('sweep.preview')}
        </Button>
        {isTowerRunning(tower) && (
          <Button
            size="small"
            variant="secondary"
            destructive
            isPending={stopping}
            onPress={() => setConfirming('stop')}
          >
            {t('sweep.stop')}
          </Button>
        )}
      </Flex>
      {message && (
        <Text variant="body-small" color={message.kind}>
          {message.text}
        </Text>
      )}
      <ConfirmSweepDialog
        tower={tower}
        isOpen={confirming === 'sweep'}
        onOpenChange={onOpenChange}
        onConfirm={() => request(false)}
      />
      <ConfirmStopDialog
        tower={tower}
        isOpen={confirming === 'stop'}
        onOpenChange={onOpenChange}
        onConfirm={requestStop}
      />
    </Flex>
  );
};
