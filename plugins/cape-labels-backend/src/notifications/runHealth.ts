import type { NotificationSeverity } from '@backstage/plugin-notifications-common';
import type {
  KeptReason,
  RunError,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';

export type RunProblem =
  | { kind: 'failed'; error?: RunError }
  | { kind: 'cap'; count: number }
  | { kind: 'partial'; error?: RunError }
  | { kind: 'labels-failed'; count: number }
  | { kind: 'raced'; count: number };

export type RunHealth =
  | { health: 'bad'; severity: NotificationSeverity; problems: RunProblem[] }
  | { health: 'good' }
  /** Aborted runs (shutdown, lost replica) say nothing about the Tower. */
  | { health: 'unknown' };

export type KeptCounts = ReadonlyMap<KeptReason, number>;

function problemsOf(run: RunSummary, kept: KeptCounts): RunProblem[] {
  const problems: RunProblem[] = [];
  if (run.status === 'failed')
    problems.push({ kind: 'failed', error: run.error });
  const capped = kept.get('cap') ?? 0;
  if (capped > 0) problems.push({ kind: 'cap', count: capped });
  else if (run.status === 'partial')
    problems.push({ kind: 'partial', error: run.error });
  if (run.counts.failed > 0)
    problems.push({ kind: 'labels-failed', count: run.counts.failed });
  const raced = kept.get('raced') ?? 0;
  if (raced > 0) problems.push({ kind: 'raced', count: raced });
  return problems;
}

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
