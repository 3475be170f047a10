import type {
  LabelOutcome,
  RunRelations,
} from '@smartx-cape/plugin-cape-labels-common';

/** How many relations of Tower's `Label` a run checked, and how it learnt them. */
export function formatRelations(relations: RunRelations): string {
  const n = relations.checked.length;
  const how =
    relations.source === 'introspection'
      ? "from Tower's schema"
      : 'probed: Tower refuses introspection';
  return `${n} kind${n === 1 ? '' : 's'} of object (${how})`;
}

/** An outcome's reason, with the relation that held a `referenced` label. */
export function formatReason(outcome: LabelOutcome): string {
  if (!outcome.reason) return '';
  return outcome.relation
    ? `${outcome.reason} (${outcome.relation})`
    : outcome.reason;
}
