import type { TowerLabel } from '../../cloudtower/TowerClient';

/** An old unused label of a swept key (`cape-cluster-name`), `over` on top. */
export function towerLabel(
  id = 'l1',
  over: Partial<TowerLabel> = {},
): TowerLabel {
  return {
    id,
    key: 'cape-cluster-name',
    value: id,
    createdAt: '2026-11-01T00:00:00.000Z',
    totalNum: 0,
    ...over,
  };
}

/** `id:action` or `id:action/reason`, for compact assertions. */
export function actions(
  outcomes: { labelId: string; action: string; reason?: string }[],
): string[] {
  return outcomes.map(
    o => `${o.labelId}:${o.action}${o.reason ? `/${o.reason}` : ''}`,
  );
}
