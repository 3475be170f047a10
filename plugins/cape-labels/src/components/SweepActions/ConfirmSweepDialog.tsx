import { TowerSummary } from '@smartx-cape/plugin-cape-labels-common';
import { useLang } from '../../translation';
import { ConfirmDialog } from './ConfirmDialog';

type Props = {
  tower: TowerSummary;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
};

/** Asks before a real sweep: deleted labels cannot be restored. */
export const ConfirmSweepDialog = ({ tower, ...dialog }: Props) => {
  const { t } = useLang();
  return (
    <ConfirmDialog
      {...dialog}
      title={t('sweep.confirmTitle', { title: tower.title })}
      text={
        tower.dryRun
          ? t('sweep.confirmDryRun', { title: tower.title })
          : t('sweep.confirmDelete', {
              prefix: tower.resourcePrefix,
              server: tower.server,
            })
      }
      confirmLabel={t('sweep.confirm')}
      destructive={!tower.dryRun}
    />
  );
};

/** Asks before stopping a running sweep: the run ends aborted, the rest waits for the next run. */
export const ConfirmStopDialog = ({ tower, ...dialog }: Props) => {
  const { t } = useLang();
  return (
    <ConfirmDialog
      {...dialog}
      title={t('sweep.stopTitle', { title: tower.title })}
      text={t('sweep.stopText')}
      confirmLabel={t('sweep.stopConfirm')}
      destructive
    />
  );
};
