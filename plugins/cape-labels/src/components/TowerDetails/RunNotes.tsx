import { Text } from '@backstage/ui';
import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import { runNoteText } from '../../format';
import { useLang } from '../../translation';
import styles from './TowerDetails.module.css';

/**
 * The run's remarks on its own record: a count Tower answered that the survivor read
 * contradicted, deletes found committed after their answer was lost, corrections to or from
 * another run.
 */
export const RunNotes = ({ run }: { run: RunSummary }) => {
  const { t } = useLang();
  if (!run.notes?.length) return null;
  return (
    <ul className={styles.notes} aria-label={t('runs.notes')}>
      {run.notes.map((note, index) => (
        <li key={index}>
          <Text variant="body-small">{runNoteText(note, t)}</Text>
        </li>
      ))}
    </ul>
  );
};
