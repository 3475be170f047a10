import { Duration } from 'luxon';
import type { LabelOutcome, Run } from '@smartx-cape/plugin-cape-labels-common';
import {
  createHarness,
  towerConfig,
  type Harness,
} from '../../sweep/__testUtils__/sweepHarness';
import {
  hookedClient,
  memoryClient,
  type Mutant,
  type RequestHook,
} from './clients';
import { violations, type Observation } from './oracle';
import { buildWorld, runAction } from './world';
import { T0, type WorldSpec } from './worldSpec';
import { useFakeDate } from '../../__testUtils__/time';

export type Mode = 'http' | 'memory' | Mutant;

/**
 * ONE simulator, ONE SQLite store and ONE sweeper for many worlds: each world gets a fresh
 * simulator world (loadScenario) and its own Tower id (so runs and sightings never mix).
 */
export async function createWorldRunner(options: { pageSize?: number } = {}) {
  const state: { now: number; mode: Mode; hook?: RequestHook } = {
    now: T0,
    mode: 'http',
  };
  const counts: Record<Mode, number> = {
    http: 0,
    memory: 0,
    'ignore-vms': 0,
    'ignore-age': 0,
    'guard-ignores-vms': 0,
    'vms-only': 0,
    'ignore-holders': 0,
  };
  let worlds = 0;
  let h: Harness | undefined = undefined;
  /** The sweeper's clock, and Tower's a moment after it. */
  const setNow = (ms: number) => {
    state.now = ms;
    jest.setSystemTime(ms);
  };
  useFakeDate(T0);
  const harness = await createHarness({
    // New labels (concurrent "CAPE" actions) are born just after the run starts. 1 ms, so that
    // Tower's Date header (whole seconds) reads the run's start: its clock is in step with ours.
    simulator: { clock: () => new Date(state.now + 1) },
    sweeper: {
      pageSize: options.pageSize ?? 7,
      batchesInFlight: 2,
    },
    wrapClient: real => {
      const { mode } = state;
      const base =
        mode === 'http'
          ? real
          : memoryClient(h!.sim.admin, mode === 'memory' ? undefined : mode);
      return state.hook ? hookedClient(base, state.hook) : base;
    },
  });
  h = harness;

  /** Builds the world, sweeps it (after a dry pre-run when confirmAfter is on) and returns the broken rules. */
  async function check(
    spec: WorldSpec,
    mode: Mode,
  ): Promise<{ problems: string[]; observation: Observation }> {
    const { admin } = harness.sim;
    admin.loadScenario({});
    admin.clearFaults();
    admin.resetLog();
    admin.setIntrospection(!spec.tower.refusesIntrospection);
    state.mode = mode;
    state.hook = undefined;
    counts[mode]++;
    const towerId = `w${++worlds}`;
    const t = spec.tower;
    harness.configure({
      tower: towerConfig(harness.sim.url, {
        id: towerId,
        resourcePrefix: t.prefix,
        minAge: Duration.fromMillis(t.minAgeMs),
        dryRun: t.dryRun,
        maxDeletesPerRun: t.maxDeletes,
        confirmAfter: Duration.fromMillis(t.confirmAfterMs),
      }),
    });
    const world = buildWorld(admin, spec);

    let confirmed: Set<string> | undefined;
    if (t.confirmAfterMs > 0) {
      setNow(T0 - t.confirmAfterMs + t.preRunOffsetMs);
      const preCutoff = state.now - t.minAgeMs;
      await harness.store.enqueueRequest({
        towerId,
        trigger: 'manual',
        dryRun: true,
        requestedAt: new Date(state.now),
      });
      await harness.sweep();
      if (admin.deletedLabels().length)
        throw new Error('the dry pre-run deleted labels');
      confirmed = new Set();
      if (t.preRunOffsetMs <= 0) {
        for (const l of world.initial.values()) {
          if (
            world.keys.includes(l.key) &&
            Date.parse(l.createdAt) <= preCutoff &&
            l.total_num === 0
          )
            confirmed.add(l.id);
        }
      }
    }

    setNow(T0);
    const touched = new Set<string>();
    state.hook = (index, when, ids) => {
      for (const a of spec.actions) {
        if (a.at === index && a.when === when)
          runAction(admin, world, a, ids).forEach(id => touched.add(id));
      }
    };
    const auditedBefore = harness.audited.length;
    let run: Run;
    try {
      run = await harness.sweep();
    } finally {
      state.hook = undefined;
    }
    const outcomes: LabelOutcome[] = (
      await harness.store.listOutcomes(run.id, { limit: 100_000, offset: 0 })
    ).items;
    const observation: Observation = {
      world,
      run,
      outcomes,
      deleted: admin.deletedLabels(),
      after: admin.labels(),
      touched,
      confirmed,
      audited: harness.audited.slice(auditedBefore).flat(),
      requestLog: mode === 'http' ? admin.requestLog() : undefined,
    };
    return { problems: violations(observation), observation };
  }

  async function stop() {
    await harness.stop();
    jest.useRealTimers();
  }

  return { harness, check, counts, stop };
}

export type WorldRunner = Awaited<ReturnType<typeof createWorldRunner>>;
