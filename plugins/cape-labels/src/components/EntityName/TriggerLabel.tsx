import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { triggerName } from '../../format';
import { useLang } from '../../translation';
import { EntityName } from './EntityName';

/** How a run was started and by whom (the person as the catalog presents them). */
export const TriggerLabel = ({ run }: { run: RunSummary }) => {
  const { t } = useLang();
  const trigger = triggerName(run.trigger, t);
  if (!run.requestedBy) return <>{trigger}</>;
  return (
    <>
      {t('trigger.by', {
        trigger,
        user: <EntityName entityRef={run.requestedBy} />,
      })}
    </>
  );
};
