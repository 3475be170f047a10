import type {
  RunSummary,
  RunTrigger,
} from '@smartx-cape/plugin-cape-labels-common';
import type { NewRun } from './RunsStore';

/** A request for a sweep (card or events bus) waiting for the Tower's lease holder. */
export type SweepRequest = {
  id: string;
  towerId: string;
  trigger: Exclude<RunTrigger, 'schedule' | 'external'>;
  requestedBy?: string;
  dryRun: boolean;
  requestedAt: Date;
  /** The run that claimed it (`claimRequest`). */
  claimedBy?: string;
};

/** Sweep requests waiting for the Tower's lease holder. */
export interface RequestsStore {
  enqueueRequest(
    request: Omit<SweepRequest, 'id' | 'claimedBy'>,
  ): Promise<SweepRequest>;
  /** The Tower's oldest request free to take: unclaimed, or claimed by a run no longer alive. */
  nextRequest(towerId: string): Promise<SweepRequest | undefined>;
  /** Claims `request`, as last read, for the run before it in its start; false if it changed. */
  claimRequest(request: SweepRequest, runId: string): Promise<boolean>;
  /** Takes `request`, as last read, recording its run in one transaction; undefined if changed. */
  takeRequest(
    request: SweepRequest,
    run: NewRun,
  ): Promise<RunSummary | undefined>;
  /** Whether a request free to take waits (`nextRequest`). */
  hasPendingRequest(towerId: string): Promise<boolean>;
  /** Withdraws a request nobody claimed; false when it is no longer waiting unclaimed. */
  cancelRequest(requestId: string): Promise<boolean>;
}
