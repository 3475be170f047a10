import type { RunRelations } from '@smartx-cape/plugin-cape-labels-common';
import type { CapeLabelsT } from '../translation';

/** How many relations of Tower's `Label` a run checked, and how it learnt them. */
export function formatRelations(
  relations: RunRelations,
  t: CapeLabelsT,
): string {
  const how =
    relations.source === 'introspection'
      ? t('relations.fromSchema')
      : t('relations.probed');
  return t('relations.kinds', { count: relations.checked.length, how });
}
