import { mockServices } from '@backstage/backend-test-utils';
import type { NotificationSendOptions } from '@backstage/plugin-notifications-node';
import type {
  KeptReason,
  RunStatus,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { testTowerConfig } from '../config/__testUtils__/testTowerConfig';
import { expectNoSecret } from '../__testUtils__/towerLogin';
import {
  createStore,
  createTestDatabases,
  DATABASE_IDS,
} from '../database/__testUtils__/testStore';
import { RunNotifier } from './RunNotifier';

jest.setTimeout(60_000);

const databases = createTestDatabases();

const towerA = testTowerConfig(
  'tower-a',
  { server: 'https://a.example.com' },
  {
    title: 'Tower A',
    owner: 'group:default/platform-team',
    notify: ['group:default/platform-team', 'user:default/alice'],
  },
);
const towerB = { ...towerA, id: 'tower-b', title: 'Tower B' };

let seq = 0;
function run(
  status: RunStatus,
  over: { failed?: number; towerId?: string; error?: string } = {},
): RunSummary {
  seq += 1;
  return {
    id: `run-${seq}`,
    towerId: over.towerId ?? 'tower-a',
    trigger: 'schedule',
    dryRun: false,
    status,
    startedAt: '2026-12-01T03:00:00.000Z',
    finishedAt: '2026-12-01T03:01:00.000Z',
    durationMs: 60_000,
    counts: {
      scanned: 10,
      candidates: 5,
      deleted: 4,
      kept: 5,
      failed: over.failed ?? 0,
      wouldDelete: 0,
    },
    error: over.error ? { message: over.error } : undefined,
    instance: 'test',
  };
}

const kept = (entries: Array<[KeptReason, number]> = []) => new Map(entries);

describe.each(DATABASE_IDS)('RunNotifier on %s', databaseId => {
  let sent: NotificationSendOptions[];
  let installed: string[];
  let notifier: RunNotifier;

  beforeEach(async () => {
    const { store } = await createStore(databases, databaseId);
    sent = [];
    installed = ['notifications', 'cape-labels'];
    notifier = new RunNotifier({
      notifications: { send: async options => void sent.push(options) },
      isInstalled: async () => installed.includes('notifications'),
      store,
      logger: mockServices.logger.mock(),
      pagePath: '/ops/cape',
    });
  });

  const titles = () => sent.map(s => s.payload.title);

  it('says nothing about good runs of a Tower that was never bad', async () => {
    await notifier.onRunCompleted(towerA, run('succeeded'), kept());
    await notifier.onRunCompleted(
      towerA,
      run('succeeded'),
      kept([['young', 3]]),
    );
    expect(sent).toEqual([]);
  });

  it('notifies a failed run to the notify list, high, scoped to the Tower, linking to the run', async () => {
    const failed = run('failed', { error: 'login refused' });
    await notifier.onRunCompleted(towerA, failed, kept());
    expect(sent).toEqual([
      {
        recipients: {
          type: 'entity',
          entityRef: ['group:default/platform-team', 'user:default/alice'],
        },
        payload: {
          title: 'CAPE label sweep of Tower A needs attention',
          description: expect.stringContaining('the run failed: login refused'),
          severity: 'high',
          topic: 'cape-labels',
          scope: 'cape-labels:tower:tower-a',
          link: `/ops/cape/towers/tower-a?run=${failed.id}`,
        },
      },
    ]);
    expectNoSecret(JSON.stringify(sent));
  });

  it('notifies nobody about a Tower without owner and notify', async () => {
    const ownerless = testTowerConfig('tower-a', {
      server: 'https://a.example.com',
    });
    expect([ownerless.owner, ownerless.notify]).toEqual([null, []]);
    await notifier.onRunCompleted(ownerless, run('failed'), kept());
    expect(sent).toEqual([]);
  });

  it.each<[string, RunSummary, Array<[KeptReason, number]>, string]>([
    [
      'partial',
      run('partial', { error: 'batch timed out' }),
      [],
      'ended partial: batch timed out',
    ],
    ['capped', run('partial'), [['cap', 7]], 'deletion cap was hit: 7'],
    [
      'failed labels',
      run('succeeded', { failed: 2 }),
      [],
      '2 label(s) could not be deleted',
    ],
    [
      'raced labels',
      run('succeeded'),
      [['raced', 1]],
      '1 label(s) came into use',
    ],
  ])('notifies a %s run with normal severity', async (_name, r, k, problem) => {
    await notifier.onRunCompleted(towerA, r, kept(k));
    expect(sent).toHaveLength(1);
    expect(sent[0].payload).toMatchObject({
      severity: 'normal',
      scope: 'cape-labels:tower:tower-a',
    });
    expect(sent[0].payload.description).toContain(problem);
  });

  it('sends "recovered" once, on the first good run after bad ones', async () => {
    await notifier.onRunCompleted(towerA, run('failed'), kept());
    await notifier.onRunCompleted(towerA, run('partial'), kept([['cap', 1]]));
    const good = run('succeeded');
    await notifier.onRunCompleted(towerA, good, kept());
    await notifier.onRunCompleted(towerA, run('succeeded'), kept());
    expect(titles()).toEqual([
      'CAPE label sweep of Tower A needs attention',
      'CAPE label sweep of Tower A needs attention',
      'CAPE label sweep of Tower A recovered',
    ]);
    expect(sent[2].payload).toMatchObject({
      severity: 'low',
      link: `/ops/cape/towers/tower-a?run=${good.id}`,
    });
    // Every notification of a Tower shares its scope: repeats update one notification.
    expect(new Set(sent.map(s => s.payload.scope))).toEqual(
      new Set(['cape-labels:tower:tower-a']),
    );
  });

  it('keeps Towers apart: one scope and one remembered health each', async () => {
    await notifier.onRunCompleted(towerA, run('failed'), kept());
    await notifier.onRunCompleted(
      towerB,
      run('succeeded', { towerId: 'tower-b' }),
      kept(),
    );
    await notifier.onRunCompleted(
      towerB,
      run('failed', { towerId: 'tower-b' }),
      kept(),
    );
    await notifier.onRunCompleted(towerA, run('succeeded'), kept());
    expect(sent.map(s => [s.payload.scope, s.payload.severity])).toEqual([
      ['cape-labels:tower:tower-a', 'high'],
      ['cape-labels:tower:tower-b', 'high'],
      ['cape-labels:tower:tower-a', 'low'],
    ]);
  });

  it('ignores aborted runs: they neither alarm nor recover', async () => {
    await notifier.onRunCompleted(towerA, run('aborted'), kept());
    expect(sent).toEqual([]);
    await notifier.onRunCompleted(towerA, run('failed'), kept());
    await notifier.onRunCompleted(towerA, run('aborted'), kept());
    await notifier.onRunCompleted(towerA, run('succeeded'), kept());
    expect(sent.map(s => s.payload.severity)).toEqual(['high', 'low']);
  });

  it('sends nothing, and fails nothing, when notifications are not installed', async () => {
    installed = ['cape-labels'];
    await notifier.onRunCompleted(towerA, run('failed'), kept());
    await notifier.onRunCompleted(towerA, run('succeeded'), kept());
    expect(sent).toEqual([]);
  });
});
