import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { Lang } from '../translation';
import { formatCount } from './numbers';

/** The counts a run's line may list after its headline. */
type CountName = 'candidates' | 'scanned' | 'kept' | 'failed';

/**
 * "15 deleted" (or "10 would delete" for a dry run) and then the `names` counts ("17
 * candidates"); `failed` only when some failed.
 */
export function runCounts(
  run: RunSummary,
  names: CountName[],
  { t, locale }: Lang,
): string[] {
  const n = (value: number) => formatCount(value, locale);
  const headline = run.dryRun
    ? t('counts.wouldDelete', { n: n(run.counts.wouldDelete) })
    : t('counts.deleted', { n: n(run.counts.deleted) });
  const rest = names
    .filter(name => name !== 'failed' || run.counts.failed > 0)
    .map(name => t(`counts.${name}`, { n: n(run.counts[name]) }));
  return [headline, ...rest];
}
