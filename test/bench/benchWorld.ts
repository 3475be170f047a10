/* eslint-disable no-console */
/** The benchmark's scenarios, its settings and the simulator it runs in a child process. */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { Duration } from 'luxon';
import type { ScenarioSpec } from '@smartx-cape/cloudtower-simulator';
import { DEFAULT_MAX_IN_FLIGHT } from '../../plugins/cape-labels-backend/src/config/readConfig';

export const USER = {
  username: 'cape-gc',
  password: 'bench-password',
  source: 'LOCAL' as const,
};
export const PAGE_SIZE = Number(process.env.BENCH_PAGE_SIZE ?? 1000);
export const IN_FLIGHT = Number(
  process.env.BENCH_IN_FLIGHT ?? DEFAULT_MAX_IN_FLIGHT,
);
const NAIVE_SAMPLE = Number(process.env.BENCH_NAIVE_SAMPLE ?? 2000);
export const MIN_AGE = Duration.fromObject({ hours: 24 });

export type Scenario = {
  name: string;
  description: string;
  latencyMs: number;
  spec: ScenarioSpec;
  naiveSample?: number;
  /** False: no naive baseline (it would take too long). */
  naive?: boolean;
  /** Security groups naming labels (objects without a relation on Label), each naming two. */
  securityGroups?: number;
};

/** Only swept keys, nothing young: half orphans (no VM, counter 0), half held by VMs or policies. */
export function world(labels: number): ScenarioSpec {
  return {
    name: `bench-${labels}`,
    seed: 7,
    generate: {
      labels,
      prefix: 'cape',
      vms: Math.max(1, Math.ceil(labels / 20)),
      orphanShare: 0.5,
      youngShare: 0,
      youngHours: 25, // every label is at least 25 h old: old enough for minAge 24 h
      foreignShare: 0,
      systemShare: 0,
      managedShare: 0,
      staleCounterShare: 0,
      nullCounterShare: 0,
    },
  };
}

export const SCENARIOS: Record<string, Scenario> = {
  S1: {
    name: 'S1',
    description: '100,000 CAPE labels, ~50 % orphans, 5 ms latency',
    latencyMs: 5,
    spec: world(100_000),
    naiveSample: NAIVE_SAMPLE,
  },
  S2: {
    name: 'S2',
    description: '1,000 CAPE labels, ~50 % orphans, 50 ms latency',
    latencyMs: 50,
    spec: world(1_000),
  },
  H1: {
    name: 'H1',
    description:
      'S1 with 500 security groups naming 1,000 of its labels (holders without a relation on Label)',
    latencyMs: 5,
    spec: world(100_000),
    securityGroups: 500,
    naive: false,
  },
  S5: {
    name: 'S5',
    description: '1,000,000 CAPE labels, ~50 % orphans, 5 ms latency',
    latencyMs: 5,
    spec: world(1_000_000),
    naive: false,
  },
};

// ---------------------------------------------------------------- simulator child process

export type Sim = {
  url: string;
  call: <T>(cmd: string, args?: object) => Promise<T>;
  child: ChildProcess;
};

export async function startSim(s: Scenario): Promise<Sim> {
  const child = fork(
    path.join(__dirname, 'simChild.ts'),
    [
      JSON.stringify({
        scenario: s.spec,
        latencyMs: s.latencyMs,
        securityGroups: s.securityGroups,
        users: [USER],
      }),
    ],
    {
      execArgv: [
        '-r',
        require.resolve('@backstage/cli/config/nodeTransform.cjs'),
        // BENCH_SIM_PROF=<dir>: a CPU profile of the simulator (profSummary.js reads it).
        ...(process.env.BENCH_SIM_PROF
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SIM_PROF}`]
          : []),
      ],
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const pending = new Map<
    number,
    { resolve: (v: any) => void; reject: (e: Error) => void }
  >();
  let nextId = 1;
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', code =>
      reject(new Error(`simulator exited with ${code}`)),
    );
    child.on('message', (m: any) => {
      if (m?.type === 'ready') resolve(m.url);
      else if (m?.id && pending.has(m.id)) {
        const p = pending.get(m.id)!;
        pending.delete(m.id);
        if (m.error) p.reject(new Error(m.error));
        else p.resolve(m.result);
      }
    });
  });
  const call = <T>(cmd: string, args: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      child.send({ id, cmd, ...args });
    });
  return { url, call, child };
}
