import type { SchedulerServiceTaskScheduleDefinition } from '@backstage/backend-plugin-api';
import type {
  CapeLabelsLanguage,
  TowerTransport,
} from '@smartx-cape/plugin-cape-labels-common';
import type { Duration } from 'luxon';
import type { TowerEndpoint } from '../cloudtower/TowerClient';
import type { FleetLimits, TowerLimits } from './readLimits';

/** Everything needed to sweep one Tower, defaults applied. */
export type TowerConfig = TowerEndpoint & {
  id: string;
  title: string;
  resourcePrefix: string;
  /** Catalog owner (full entity ref); `null`: owned by nobody. */
  owner: string | null;
  /** Entity refs notified about this Tower's runs (the owner by default, else nobody). */
  notify: string[];
  schedule: SchedulerServiceTaskScheduleDefinition;
  minAge: Duration;
  dryRun: boolean;
  maxDeletesPerRun: number;
  confirmAfter: Duration;
  /** What the card and the start-up log say about the way to this Tower. */
  transport: TowerTransport;
};

export type CapeLabelsConfig = TowerLimits &
  FleetLimits & {
    /** Ordered by title. */
    towers: TowerConfig[];
    pageSize: number;
    requestsInFlight: number;
    requestTimeout: Duration;
    runsPerTower: number;
    /** Newest runs per Tower that list their routine keeps one by one (`retention.routineKeepRuns`). */
    routineKeepRuns: number;
    /** `capeLabels.notifications.enabled` (default true). */
    notificationsEnabled: boolean;
    /** `capeLabels.notifications.pagePath`: the app's path of the cape-labels page, no trailing `/`. */
    notificationsPagePath: string;
    /** `capeLabels.notifications.language`: the language notifications are written in (default en). */
    notificationsLanguage: CapeLabelsLanguage;
  };

/** The three label keys a Tower's sweep may delete (rule 1, docs/architecture.md#the-deletion-rules). */
export function sweptKeys(resourcePrefix: string): string[] {
  return ['cluster-name', 'vip', 'namespace'].map(
    k => `${resourcePrefix}-${k}`,
  );
}

/** Tower ids: used in URLs and task ids. */
export const TOWER_ID_PATTERN = /^[a-z0-9-]{1,100}$/;
