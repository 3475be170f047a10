import { useEffect, useState } from 'react';
import { usePermission } from '@backstage/plugin-permission-react';
import { Button, Flex, Text } from '@backstage/ui';
import {
  capeLabelsSweepRunPermission,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { useRequestSweep } from '../../hooks';
import { towerTestIds } from '../../testIds';
import { useLang } from '../../translation';
import { ActionMessage, actionMessage } from './actionMessage';
import { ConfirmSweepDialog } from './ConfirmSweepDialog';

const MESSAGE_TTL_MS = 15_000;

/**
 * "Sweep now" (after a confirmation) and "Preview" (dry run) buttons of one
 * Tower. Renders nothing for users without `cape-labels.sweep.run` on this
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
  const [confirming, setConfirming] = useState(false);
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
    setConfirming(false);
    setMessage(undefined);
    const result = await requestSweep(dryRun);
    setMessage(actionMessage(result, dryRun, t));
    // a run is on its way (or already running): the card watches for it
    if (result.kind !== 'failed') onRequested(tower.id);
  };

  const ids = towerTestIds(tower.id);
  return (
    <Flex direction="column" gap="1" align="end">
      <Flex gap="2">
        <Button
          size="small"
          variant="primary"
          destructive={!tower.dryRun}
          isPending={pending === 'sweep'}
          onPress={() => setConfirming(true)}
          data-testid={ids.sweep}
        >
          {t('sweep.sweepNow')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          isPending={pending === 'preview'}
          onPress={() => request(true)}
          data-testid={ids.preview}
        >
          {t('sweep.preview')}
        </Button>
      </Flex>
      {message && (
        <Text
          variant="body-small"
          color={message.kind}
          data-testid={ids.actionMessage}
        >
          {message.text}
        </Text>
      )}
      <ConfirmSweepDialog
        tower={tower}
        isOpen={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => request(false)}
      />
    </Flex>
  );
};
