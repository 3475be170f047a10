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
import { useLang } from '../../translation';

/** Asks before a real sweep: deleted labels cannot be restored. */
export const ConfirmSweepDialog = (props: {
  tower: TowerSummary;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) => {
  const { tower, isOpen, onOpenChange, onConfirm } = props;
  const { t } = useLang();
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange}>
      <DialogHeader>
        {t('sweep.confirmTitle', { title: tower.title })}
      </DialogHeader>
      <DialogBody>
        <Text as="p">
          {tower.dryRun
            ? t('sweep.confirmDryRun', { title: tower.title })
            : t('sweep.confirmDelete', {
                prefix: tower.resourcePrefix,
                server: tower.server,
              })}
        </Text>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {t('sweep.cancel')}
        </Button>
        <Button
          variant="primary"
          destructive={!tower.dryRun}
          onPress={onConfirm}
          data-testid={cardTestIds.sweepConfirm}
        >
          {t('sweep.confirm')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
};
