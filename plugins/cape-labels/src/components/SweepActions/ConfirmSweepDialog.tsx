import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  DialogHeader,
  Text,
} from '@backstage/ui';
import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { cardTestIds } from '../../testIds';

/** Asks before a real sweep: deleted labels cannot be restored. */
export const ConfirmSweepDialog = (props: {
  tower: TowerSummary;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) => {
  const { tower, isOpen, onOpenChange, onConfirm } = props;
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange}>
      <DialogHeader>Sweep {tower.title} now?</DialogHeader>
      <DialogBody>
        <Text as="p">
          {tower.dryRun
            ? `${tower.title} is configured for dry runs: the sweep records what it would delete and deletes nothing.`
            : `This deletes orphan ${tower.resourcePrefix}-* labels on ${tower.server} that pass every safety check. Deleted labels cannot be restored.`}
        </Text>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          variant="primary"
          destructive={!tower.dryRun}
          onPress={onConfirm}
          data-testid={cardTestIds.sweepConfirm}
        >
          Sweep
        </Button>
      </DialogFooter>
    </Dialog>
  );
};
