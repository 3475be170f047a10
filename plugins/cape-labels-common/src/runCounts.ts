import type { RunCounts } from './types';

/**
 * A run's counts before it has looked at any label: every count 0.
 * @public
 */
export function emptyRunCounts(): RunCounts {
  return {
    scanned: 0,
    candidates: 0,
    deleted: 0,
    wouldDelete: 0,
    kept: 0,
    failed: 0,
  };
}
