import {
  emptyRunCounts,
  LabelOutcome,
  RunCounts,
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';

/*
 * Sample runs and Towers, without jest: the component tests (through ./fixtures) and the dev
 * app's in-memory API (dev/fakeCapeLabelsApi.ts) build their data from them.
 */

/** A run's counts: all zero but what `patch` sets. */
export function makeCounts(patch: Partial<RunCounts> = {}): RunCounts {
  return { ...emptyRunCounts(), ...patch };
}

/** A succeeded run of Tower prod-a an hour ago: 15 deleted, 2 kept of 1234 labels. */
export function makeRun(patch: Partial<RunSummary> = {}): RunSummary {
  return {
    id: 'run-1',
    towerId: 'prod-a',
    trigger: 'schedule',
    dryRun: false,
    status: 'succeeded',
    startedAt: new Date(Date.now() - 3_600_000).toISOString(),
    finishedAt: new Date(Date.now() - 3_590_000).toISOString(),
    durationMs: 10_000,
    counts: makeCounts({ scanned: 1234, candidates: 17, deleted: 15, kept: 2 }),
    instance: 'replica-1',
    ...patch,
  };
}

/** Tower prod-a, due in two hours, with {@link makeRun} as its last run. */
export function makeTower(patch: Partial<TowerSummary> = {}): TowerSummary {
  return {
    id: 'prod-a',
    title: 'Production A',
    server: 'https://tower-a.example.com',
    resourcePrefix: 'cape',
    dryRun: false,
    running: false,
    nextRunAt: new Date(Date.now() + 7_200_000).toISOString(),
    owner: 'group:default/platform',
    notify: ['group:default/platform'],
    rules: {
      minAge: 'P1D',
      confirmAfter: null,
      maxDeletesPerRun: 5000,
      dryRun: false,
      schedule: { frequency: 'PT24H', timeout: 'PT30M', initialDelay: 'PT1M' },
    },
    lastRun: makeRun(),
    ...patch,
  };
}

/** Label l-1, `cape-namespace=team-a`, created now and deleted. */
export function makeOutcome(patch: Partial<LabelOutcome> = {}): LabelOutcome {
  return {
    labelId: 'l-1',
    key: 'cape-namespace',
    value: 'team-a',
    createdAt: new Date().toISOString(),
    action: 'deleted',
    ...patch,
  };
}
