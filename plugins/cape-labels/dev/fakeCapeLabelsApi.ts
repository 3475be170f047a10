import {
  LabelOutcome,
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { CapeLabelsApi, SweepAlreadyRunningError } from '../src';

const now = Date.now();
const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();

function run(
  towerId: string,
  n: number,
  patch: Partial<RunSummary> = {},
): RunSummary {
  return {
    id: `${towerId}-run-${n}`,
    towerId,
    trigger: 'schedule',
    dryRun: false,
    status: 'succeeded',
    startedAt: iso(-n * 86_400_000 - 3_600_000),
    finishedAt: iso(-n * 86_400_000 - 3_590_000),
    durationMs: 10_000,
    counts: {
      scanned: 1200,
      candidates: 14,
      deleted: 12,
      wouldDelete: 0,
      kept: 2,
      failed: 0,
    },
    instance: 'backend-1',
    ...patch,
  };
}

/** An in-memory {@link CapeLabelsApi} for the dev app's "Fake data" page. */
export class FakeCapeLabelsApi implements CapeLabelsApi {
  private towers: TowerSummary[] = [
    {
      id: 'prod-a',
      title: 'Production A',
      server: 'https://tower-a.example.com',
      resourcePrefix: 'cape',
      dryRun: false,
      running: false,
      nextRunAt: iso(20 * 3_600_000),
      lastRun: run('prod-a', 0),
    },
    {
      id: 'staging',
      title: 'Staging',
      server: 'https://tower-s.example.com',
      resourcePrefix: 'sks',
      dryRun: true,
      running: false,
      nextRunAt: iso(3_600_000),
      lastRun: run('staging', 0, {
        status: 'failed',
        dryRun: true,
        error: { message: 'login failed: LOAD_TOKEN_FAILED', code: 'AUTH' },
        counts: {
          scanned: 0,
          candidates: 0,
          deleted: 0,
          wouldDelete: 0,
          kept: 0,
          failed: 0,
        },
      }),
    },
  ];

  async listTowers() {
    return this.towers;
  }

  async listRuns(towerId: string) {
    return [1, 2, 3].map(n => run(towerId, n));
  }

  async getRun(runId: string) {
    const summary =
      this.towers.find(t => t.lastRun?.id === runId)?.lastRun ?? run('x', 9);
    return {
      ...summary,
      settings: {
        minAge: 'PT24H',
        confirmAfter: 'PT0S',
        maxDeletesPerRun: 5000,
        keys: ['cape-cluster-name', 'cape-vip', 'cape-namespace'],
      },
    };
  }

  async listOutcomes(
    _runId: string,
    options: { limit?: number; offset?: number } = {},
  ) {
    const all: LabelOutcome[] = Array.from({ length: 14 }, (_, i) => ({
      labelId: `label-${i}`,
      key: 'cape-cluster-name',
      value: `cluster-${i}`,
      createdAt: iso(-(i + 2) * 86_400_000),
      action: i < 12 ? 'deleted' : 'kept',
      reason: i < 12 ? undefined : 'referenced',
    }));
    const offset = options.offset ?? 0;
    return {
      items: all.slice(offset, offset + (options.limit ?? 100)),
      total: all.length,
    };
  }

  async topSources(_towerId: string, days = 30) {
    return {
      days,
      since: iso(-days * 86_400_000),
      clusters: [
        { value: 'workload-7', deleted: 12 },
        { value: 'ci-runner', deleted: 5 },
      ],
      namespaces: [{ value: 'team-a', deleted: 17 }],
    };
  }

  async downloadOutcomesCsv(runId: string) {
    const { items } = await this.listOutcomes(runId);
    const lines = items.map(o =>
      [
        o.labelId,
        o.key,
        o.value ?? '',
        o.action,
        o.reason ?? '',
        o.createdAt,
      ].join(','),
    );
    const text = ['label_id,key,value,action,reason,created_at', ...lines]
      .map(l => `${l}\r\n`)
      .join('');
    return {
      blob: new Blob([text], { type: 'text/csv' }),
      filename: `cape-labels-${runId}.csv`,
    };
  }

  async requestSweep(towerId: string, options: { dryRun?: boolean } = {}) {
    const tower = this.towers.find(t => t.id === towerId);
    if (!tower) throw new Error(`Unknown Tower ${towerId}`);
    if (tower.running) throw new SweepAlreadyRunningError(towerId);
    const started = run(towerId, 0, {
      id: `${towerId}-run-${Date.now()}`,
      trigger: 'manual',
      dryRun: !!options.dryRun || tower.dryRun,
      status: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      durationMs: null,
      counts: {
        scanned: 0,
        candidates: 0,
        deleted: 0,
        wouldDelete: 0,
        kept: 0,
        failed: 0,
      },
    });
    tower.running = true;
    tower.lastRun = started;
    setTimeout(() => {
      tower.running = false;
      tower.lastRun = {
        ...started,
        status: 'succeeded',
        finishedAt: new Date().toISOString(),
        durationMs: 5000,
        counts: {
          scanned: 1200,
          candidates: 3,
          deleted: started.dryRun ? 0 : 3,
          wouldDelete: started.dryRun ? 3 : 0,
          kept: 0,
          failed: 0,
        },
      };
    }, 5000);
    return { requestId: `req-${Date.now()}` };
  }
}
