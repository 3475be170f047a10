import type { NotificationSeverity } from '@backstage/plugin-notifications-common';
import type {
  KeptReason,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';

/** What a finished run says about its Tower. */
type RunHealth =
  | { health: 'bad'; severity: NotificationSeverity; problems: string[] }
  | { health: 'good' }
  /** Aborted runs (shutdown, lost replica) say nothing about the Tower. */
  | { health: 'unknown' };

export type KeptCounts = ReadonlyMap<KeptReason, number>;

/** The problems of a run, worst first; none for a clean run. */
function problemsOf(run: RunSummary, kept: KeptCounts): string[] {
  const problems: string[] = [];
  if (run.status === 'failed')
    problems.push(`the run failed: ${run.error?.message ?? 'unknown error'}`);
  const capped = kept.get('cap') ?? 0;
  if (capped > 0)
    problems.push(
      `the deletion cap was hit: ${capped} orphan label(s) wait for the next run`,
    );
  else if (run.status === 'partial')
    problems.push(
      `the run ended partial${run.error ? `: ${run.error.message}` : ''}`,
    );
  if (run.counts.failed > 0)
    problems.push(`${run.counts.failed} label(s) could not be deleted`);
  const raced = kept.get('raced') ?? 0;
  if (raced > 0)
    problems.push(
      `${raced} label(s) came into use while being deleted (raced)`,
    );
  return problems;
}

/** Severity follows the status: a failed run is high, any other problem normal. */
export function runHealth(run: RunSummary, kept: KeptCounts): RunHealth {
  if (run.status === 'aborted' || run.status === 'running')
    return { health: 'unknown' };
  const problems = problemsOf(run, kept);
  if (problems.length === 0) return { health: 'good' };
  return {
    health: 'bad',
    severity: run.status === 'failed' ? 'high' : 'normal',
    problems,
  };
}
