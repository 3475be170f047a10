import type { LoggerService } from '@backstage/backend-plugin-api';
import type { TowerClient } from '../cloudtower/TowerClient';
import type { TowerConfig } from '../config/types';
import type { Retention, RunStore } from '../database';
import type { SweepMetrics } from './metrics';
import type { RunState } from './sweepResult';
import type { SweeperHooks } from './sweeperHooks';
import type { RunNotes } from './runNotes';

/** What every run of one sweeper starts from: the sweeper's options, resolved once (TowerSweeper). */
export type SweeperSettings = {
  tower: TowerConfig;
  store: RunStore;
  logger: LoggerService;
  /** Which replica runs (recorded on every run). */
  instance: string;
  /** rootInstanceMetadata's id of this backend instance. */
  instanceId?: string;
  hooks: SweeperHooks;
  now: () => Date;
  /** True once this backend is shutting down (an abort then is not the scheduler's). */
  shuttingDown: () => boolean;
  pageSize: number;
  /** Candidate batches (live check → delete → survivor read) in flight at once. */
  batchesInFlight: number;
  /** How long Tower may take to commit a delete whose answer was lost (ms); see guardedDelete. */
  settleMs: number;
  /** `capeLabels.maxClockAhead` in ms (runClock.ts). */
  maxClockAheadMs: number;
  retention: Retention;
  /** A client per run: a fresh login each time, closed afterwards. */
  createClient: () => TowerClient;
  /** The plugin's metrics; absent, nothing is measured. */
  metrics?: SweepMetrics;
};

/**
 * One run of one Tower: built once when the run starts (`sweepOnce`), then passed to every
 * step — the clock, the re-check, the listing, each batch, the guarded delete, the record.
 */
export type RunContext = SweeperSettings & {
  runId: string;
  /** When the run started, on our clock. */
  startedAt: Date;
  /** The Tower's `dryRun` or the request's (rule 8). */
  dryRun: boolean;
  /** The run's own client. */
  client: TowerClient;
  notes: RunNotes;
  /** What the run counts as it goes. */
  state: RunState;
  /** Stops the run before its next page or batch; requests already sent finish. */
  signal: AbortSignal;
};
