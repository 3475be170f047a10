import type { Run, RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import {
  oldDate,
  dailySchedule,
  backendForDescribe,
  scheduledTower,
  towerEntry,
} from './testBackend';
import { HOUR } from '../../__testUtils__/time';

/** The status and Backstage error body of a GET, as the read-route tests compare them. */
export type Problem = {
  path: string;
  status: number;
  name?: string;
  hasMessage: boolean;
  statusCode?: number;
};

export const bad = (path: string): Problem => ({
  path,
  status: 400,
  name: 'InputError',
  hasMessage: true,
  statusCode: 400,
});

export const missing = (path: string): Problem => ({
  path,
  status: 404,
  name: 'NotFoundError',
  hasMessage: true,
  statusCode: 404,
});

/**
 * The read routes' world, for one describe block, against a real plugin: Tower `t1` has one dry
 * run with outcomes (5 would-delete, 2 kept young), Tower `t2` (another prefix, nothing to
 * sweep) has 22 scheduled runs for paging (unless `pagingRuns` is false: the run-list tests need
 * them, the others do not). `run` and `t2Runs` are set once `beforeAll` ran.
 */
export function readRoutesWorld(options: { pagingRuns?: boolean } = {}) {
  const { pagingRuns = true } = options;
  const world = {
    run: undefined as unknown as Run,
    t2Runs: [] as RunSummary[],
  };
  const b = backendForDescribe({
    capeLabels: url => ({
      schedule: dailySchedule(),
      towers: {
        t1: towerEntry(url),
        t2: scheduledTower(url),
      },
    }),
  });
  beforeAll(async () => {
    const { admin } = b.sim;
    for (let i = 0; i < 5; i++)
      admin.createLabel({
        key: 'cape-cluster-name',
        value: `gone-${i}`,
        createdAt: oldDate(),
      });
    for (let i = 0; i < 2; i++) {
      admin.createLabel({
        key: 'cape-vip',
        value: `young-${i}`,
        createdAt: new Date(Date.now() - HOUR).toISOString(),
      });
    }
    admin.createLabel({
      key: 'cape-managed',
      value: 'true',
      createdAt: oldDate(),
    });
    world.run = await b.sweep('t1', { dryRun: true });
    if (!pagingRuns) return;
    for (let i = 0; i < 22; i++)
      await b.scheduler.triggerTask('cape-labels:sweep:t2');
    world.t2Runs = (
      await b.get(`/towers/t2/runs?limit=100`).expect(200)
    ).body.items;
  }, 30_000);

  const get = (path: string) => b.get(path);
  const problem = async (path: string): Promise<Problem> => {
    const res = await get(path);
    const { error, response } = res.body as {
      error?: { name?: string; message?: unknown };
      response?: { statusCode?: number };
    };
    return {
      path,
      status: res.status,
      name: error?.name,
      hasMessage: typeof error?.message === 'string',
      statusCode: response?.statusCode,
    };
  };
  return { b, world, get, problem };
}
