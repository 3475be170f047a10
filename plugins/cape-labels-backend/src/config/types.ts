import type { SchedulerServiceTaskScheduleDefinition } from '@backstage/backend-plugin-api';
import type {
  CapeLabelsLanguage,
  TowerOwnership,
  TowerTransport,
} from '@smartx-cape/plugin-cape-labels-common';
import type { Duration } from 'luxon';
import type { TowerEndpoint } from '../cloudtower/TowerClient';

/** Everything needed to sweep one Tower, defaults applied. */
export type TowerConfig = TowerEndpoint &
  TowerOwnership & {
    id: string;
    title: string;
    /** What the card and the start-up log say about the way to this Tower. */
    transport: TowerTransport;
    resourcePrefix: string;
    schedule: SchedulerServiceTaskScheduleDefinition;
    minAge: Duration;
    dryRun: boolean;
    maxDeletesPerRun: number;
    confirmAfter: Duration;
  };

/** How hard the sweepers work their Towers: `capeLabels`' limits, every default applied. */
export type SweepTuning = {
  pageSize: number;
  requestsInFlight: number;
  /** Candidate batches (live check → delete → survivor read) in flight at once. */
  batchesInFlight: number;
  requestTimeoutMs: number;
  /** How long Tower may take to commit a delete whose answer was lost; see GuardedDelete. */
  settleMs: number;
  maxResponseBytes: number;
  /** How far ahead of ours Tower's clock may move the age cutoff. */
  maxClockAheadMs: number;
  /** How old the holders' label ids a delete relies on may be. */
  holdersMaxAgeMs: number;
  /** How much of a Tower's history is kept (`capeLabels.retention`). */
  retention: {
    /** Runs kept, with the outcomes they list (`runsPerTower`). */
    runs: number;
    /** Newest runs that still list their routine keeps one by one (`routineKeepRuns`). */
    routineRuns: number;
  };
};

export type CapeLabelsConfig = {
  tuning: SweepTuning;
  /** `startSpread`: the window each Tower's stable start offset falls in; unset, `startSpreads` decides. */
  startSpread?: Duration;
  maxConcurrentSweeps: number;
  /** Ordered by title. */
  towers: TowerConfig[];
  notificationsEnabled: boolean;
  /** `capeLabels.notifications.pagePath`: the app's path of the cape-labels page, no trailing `/`. */
  notificationsPagePath: string;
  notificationsLanguage: CapeLabelsLanguage;
};

/** Who may ask for what: the settings that open destructive entry points (all closed by default). */
export type AccessConfig = {
  /** `permission.enabled`: Backstage's permission framework decides (else every check allows). */
  permissionsEnabled: boolean;
  allowManualSweepsWithoutPermissions: boolean;
  acceptEventSweepRequests: boolean;
  /** `capeLabels.events.publishers`: who may ask for a sweep by event, and of which Towers. */
  eventPublishers: EventPublishers;
};

/** Publisher name → the Tower ids it may have swept by event, or `all` (`towers: ['*']`). */
export type EventPublishers = ReadonlyMap<string, ReadonlySet<string> | 'all'>;

/** The three label keys a Tower's sweep may delete (rule 1, docs/architecture.md#the-deletion-rules). */
export function sweptKeys(resourcePrefix: string): string[] {
  return ['cluster-name', 'vip', 'namespace'].map(
    k => `${resourcePrefix}-${k}`,
  );
}

/** Tower ids: used in URLs and task ids. */
export const TOWER_ID_PATTERN = /^[a-z0-9-]{1,100}$/;

/** A publisher's name as its `requestedBy` says it and as a config key holds it. */
export const PUBLISHER_NAME = /^[a-z][a-z0-9-]{0,62}$/;
