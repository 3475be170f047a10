import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  startSimulator,
  type RunningSimulator,
} from '@smartx-cape/cloudtower-simulator';
import type {
  LabelOutcome,
  RunSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import capeLabelsPlugin from '@smartx-cape/plugin-cape-labels-backend';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { parsePrometheusText, samplesOf } from './__testUtils__/prometheusText';
import { startPrometheusMetrics } from './prometheusMetrics';

const PASSWORD = 'metrics-test-password';
const VIP = '10.77.0.9';
const old = () => new Date(Date.now() - 48 * 3_600_000).toISOString();

function tower(server: string) {
  return {
    server,
    username: 'gc',
    password: PASSWORD,
    minAge: { hours: 24 },
    // Every start of the task is a due scheduled sweep (the mock scheduler starts it on trigger).
    schedule: {
      frequency: { seconds: 1 },
      timeout: { minutes: 5 },
      initialDelay: { seconds: 0 },
    },
  };
}

/*
 * The demo's exporter (prometheusMetrics.js) registered before the backend starts, served on
 * port 0; the plugin records through Backstage's metrics service (the test backend's default is
 * the real one). One Tower sweeps, one answers every request 503.
 */
describe('the demo backend exports the sweep metrics for Prometheus', () => {
  const metrics = startPrometheusMetrics({ preventServerStart: true });
  const server = http.createServer((req, res) =>
    metrics.exporter.getMetricsRequestHandler(req, res),
  );
  const sims: RunningSimulator[] = [];
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  const scheduler = mockServices.scheduler();

  beforeAll(async () => {
    await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
    const users = [
      { username: 'gc', password: PASSWORD, source: 'LOCAL' as const },
    ];
    const [good, broken] = [
      await startSimulator({ users }),
      await startSimulator({ users }),
    ];
    sims.push(good, broken);
    broken.admin.setFaults({ httpStatus: 503 });
    const [, held] = good.admin.createLabels([
      { key: 'cape-vip', value: VIP, createdAt: old() },
      { key: 'cape-namespace', value: 'held', createdAt: old() },
      {
        key: 'cape-cluster-name',
        value: 'new',
        createdAt: new Date().toISOString(),
      },
    ]);
    good.admin.createVm({ name: 'vm-1', labelIds: [held.id] });
    backend = await startTestBackend({
      features: [
        capeLabelsPlugin,
        mockServices.rootConfig.factory({
          data: {
            capeLabels: {
              requestTimeout: { seconds: 10 },
              towers: { good: tower(good.url), broken: tower(broken.url) },
            },
          },
        }),
        createServiceFactory({
          service: coreServices.scheduler,
          deps: {},
          factory: () => scheduler,
        }),
      ],
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await Promise.all(sims.map(s => s.stop()));
    await new Promise(resolve => server.close(resolve));
    await metrics.shutdown();
  });

  async function lastRun(towerId: string): Promise<RunSummary> {
    const res = await request(backend.server).get(
      `/api/cape-labels/towers/${towerId}/runs?limit=1`,
    );
    expect(res.status).toBe(200);
    return res.body.items[0];
  }

  /** How many labels of the run were kept for each reason, from its outcomes. */
  async function keptReasons(runId: string): Promise<Map<string, number>> {
    const res = await request(backend.server).get(
      `/api/cape-labels/runs/${runId}/labels?action=kept&limit=100`,
    );
    expect(res.status).toBe(200);
    const reasons = new Map<string, number>();
    for (const { reason } of res.body.items as LabelOutcome[])
      reasons.set(reason!, (reasons.get(reason!) ?? 0) + 1);
    return reasons;
  }

  async function scrape(): Promise<string> {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  }

  it("shows a sweep's counts, its status and trigger, and a Tower's request errors by kind", async () => {
    await scheduler.triggerTask('cape-labels:sweep:good');
    await scheduler.triggerTask('cape-labels:sweep:broken');
    const good = await lastRun('good');
    const broken = await lastRun('broken');
    expect(good).toMatchObject({ status: 'succeeded', trigger: 'schedule' });
    expect(good.counts).toMatchObject({ deleted: 1, kept: 2 });
    expect(broken.status).toBe('failed');

    const text = await scrape();
    const samples = parsePrometheusText(text);
    const value = (name: string, labels: Record<string, string>) =>
      samplesOf(samples, name, labels).reduce((sum, s) => sum + s.value, 0);

    const goodRun = { tower: 'good', status: 'succeeded', trigger: 'schedule' };
    expect(value('cape_labels_runs_total', goodRun)).toBe(1);
    expect(
      value('cape_labels_runs_total', { tower: 'broken', status: 'failed' }),
    ).toBe(1);
    expect(value('cape_labels_labels_deleted_total', { tower: 'good' })).toBe(
      good.counts.deleted,
    );
    expect(value('cape_labels_labels_kept_total', { tower: 'good' })).toBe(
      good.counts.kept,
    );
    const reasons = await keptReasons(good.id);
    expect(reasons.get('young')).toBe(1);
    for (const [reason, count] of reasons)
      expect(
        value('cape_labels_labels_kept_total', { tower: 'good', reason }),
      ).toBe(count);
    expect(value('cape_labels_run_duration_count', goodRun)).toBe(1);
    expect(
      value('cape_labels_tower_request_errors_total', {
        tower: 'broken',
        kind: 'HTTP_5xx',
        operation: 'login',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      samplesOf(samples, 'cape_labels_tower_request_errors_total', {
        tower: 'good',
      }),
    ).toEqual([]);

    // The last success per Tower, from the store: the good Tower's run; none for the broken one.
    expect(
      value('cape_labels_run_last_success', { tower: 'good' }),
    ).toBeCloseTo(Date.parse(good.finishedAt!) / 1000, 0);
    expect(
      samplesOf(samples, 'cape_labels_run_last_success', { tower: 'broken' }),
    ).toEqual([]);

    // Bounded attributes only: no label value, no secret.
    expect(text).not.toContain(VIP);
    expect(text).not.toContain(PASSWORD);
  });
});
