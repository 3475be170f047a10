import {
  LabelOutcome,
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { CapeLabelsApi, SweepAlreadyRunningError } from '../src';
import { makeCounts, makeRun, makeTower } from '../src/__testUtils__/samples';

const now = Date.now();
const iso = (offsetMs: number) => new Date(now + offsetMs).toISOString();

/** Tower `towerId`'s run `n` days ago (a succeeded real run unless `patch` says otherwise). */
function run(
  towerId: string,
  n: number,
  patch: Partial<RunSummary> = {},
): RunSummary {
  return makeRun({
    id: `${towerId}-run-${n}`,
    towerId,
    startedAt: iso(-n * 86_400_000 - 3_600_000),
    finishedAt: iso(-n * 86_400_000 - 3_590_000),
    counts: makeCounts({ scanned: 1200, candidates: 14, deleted: 12, kept: 2 }),
    instance: 'backend-1',
    ...patch,
  });
}

/** The backend's CSV header, and the outcome field of each column. */
const CSV_HEADER = 'label_id,key,value,action,reason,created_at';
const CSV_FIELDS = CSV_HEADER.split(',').map(
  column =>
    column.replace(/_(\w)/g, (_, l: string) =>
      l.toUpperCase(),
    ) as keyof LabelOutcome,
);

/** An in-memory {@link CapeLabelsApi} for the dev app's "Fake data" page. */
export class FakeCapeLabelsApi implements CapeLabelsApi {
  private towers: TowerSummary[] = [
    makeTower({
      nextRunAt: iso(20 * 3_600_000),
      lastRun: run('prod-a', 0),
    }),
    makeTower({
      id: 'staging',
      title: 'Staging',
      server: 'https://tower-s.example.com',
      resourcePrefix: 'sks',
      dryRun: true,
      nextRunAt: iso(3_600_000),
      lastRun: run('staging', 0, {
        status: 'failed',
        dryRun: true,
        error: { message: 'login failed: LOAD_TOKEN_FAILED', code: 'AUTH' },
        counts: makeCounts(),
      }),
    }),
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
      countedOnly: [],
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
    const rows = [
      CSV_HEADER,
      ...items.map(o => CSV_FIELDS.map(f => o[f] ?? '').join(',')),
    ];
    return {
      blob: new Blob(
        rows.map(r => `${r}\r\n`),
        { type: 'text/csv' },
      ),
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
      counts: makeCounts(),
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
        counts: makeCounts({
          scanned: 1200,
          candidates: 3,
          [started.dryRun ? 'wouldDelete' : 'deleted']: 3,
        }),
      };
    }, 5000);
    return { requestId: `req-${Date.now()}` };
  }

  async stopSweep(towerId: string) {
    const tower = this.towers.find(t => t.id === towerId);
    if (!tower) throw new Error(`Unknown Tower ${towerId}`);
    const running = tower.running ? tower.lastRun : null;
    if (!running) throw new Error(`Tower ${towerId} is not sweeping`);
    tower.running = false;
    tower.lastRun = {
      ...running,
      status: 'aborted',
      finishedAt: new Date().toISOString(),
      notes: [
        {
          code: 'STOPPED',
          params: { by: 'guest' },
          message: 'stopped by guest',
        },
      ],
    };
    return { runId: running.id };
  }
}
