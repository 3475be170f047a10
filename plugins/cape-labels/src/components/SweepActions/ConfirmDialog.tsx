import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  DialogHeader,
  Text,
} from '@backstage/ui';
import { useLang } from '../../translation';

/** Asks before an action on a Tower that cannot be taken back. */
export const ConfirmDialog = (props: {
  title: string;
  text: string;
  confirmLabel: string;
  destructive: boolean;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) => {
  const { isOpen, onOpenChange, onConfirm } = props;
  const { t } = useLang();
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange}>
      <DialogHeader>{props.title}</DialogHeader>
      <DialogBody>
        <Text as="p">{props.text}</Text>
      </DialogBody>
      <DialogFooter>
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {t('sweep.cancel')}
        </Button>
        <Button
          variant="primary"
          destructive={props.destructive}
          onPress={onConfirm}
        >
          {props.confirmLabel}
        </Button>
      </DialogFooter>
    </Dialog>
  );
};
