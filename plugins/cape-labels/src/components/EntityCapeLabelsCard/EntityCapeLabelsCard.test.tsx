import type { Entity } from '@backstage/catalog-model';
import { ResponseError } from '@backstage/errors';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import type {
  RunSummary,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import { screen } from '@testing-library/react';
import { capeLabelsApiRef, type CapeLabelsApi } from '../../api';
import { EntityCapeLabelsCard } from './EntityCapeLabelsCard';
import { isCapeLabelsAvailable } from './isCapeLabelsAvailable';

const towerEntity = (annotations: Record<string, string>): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'lab-a', annotations },
  spec: { type: 'cloudtower', owner: 'group:default/platform-team' },
});

const run = (id: string, over: Partial<RunSummary> = {}): RunSummary => ({
  id,
  towerId: 'lab-a',
  trigger: 'schedule',
  dryRun: false,
  status: 'succeeded',
  startedAt: new Date(Date.now() - 3_600_000).toISOString(),
  finishedAt: new Date(Date.now() - 3_590_000).toISOString(),
  durationMs: 10_000,
  counts: {
    scanned: 100,
    candidates: 10,
    deleted: 9,
    kept: 91,
    failed: 1,
    wouldDelete: 0,
  },
  instance: 'replica-1',
  ...over,
});

const tower: TowerSummary = {
  id: 'lab-a',
  title: 'Lab A',
  server: 'https://tower-a.example.com',
  resourcePrefix: 'cape',
  dryRun: false,
  running: false,
  nextRunAt: null,
  lastRun: run('r2', { status: 'failed' }),
};

function api(over: Partial<CapeLabelsApi> = {}): CapeLabelsApi {
  return {
    listTowers: jest.fn().mockResolvedValue([tower]),
    listRuns: jest
      .fn()
      .mockResolvedValue([
        run('r2', { status: 'failed' }),
        run('r1', { trigger: 'manual', requestedBy: 'pipeline', dryRun: true }),
      ]),
    getRun: jest.fn(),
    listOutcomes: jest.fn(),
    requestSweep: jest.fn(),
    ...over,
  };
}

async function renderCard(capeApi: CapeLabelsApi, entity: Entity) {
  return renderInTestApp(
    <TestApiProvider apis={[[capeLabelsApiRef, capeApi]]}>
      <EntityProvider entity={entity}>
        <EntityCapeLabelsCard />
      </EntityProvider>
    </TestApiProvider>,
  );
}

async function forbidden(): Promise<ResponseError> {
  return ResponseError.fromResponse(
    new Response(
      JSON.stringify({
        error: { name: 'NotAllowedError', message: 'no' },
        response: { statusCode: 403 },
      }),
      { status: 403, statusText: 'Forbidden' },
    ) as never,
  );
}

describe('EntityCapeLabelsCard', () => {
  it('shows the Tower and its recent runs', async () => {
    const capeApi = api();
    await renderCard(capeApi, towerEntity({ 'cape-labels/tower-id': 'lab-a' }));
    expect(await screen.findByTestId('cape-entity-tower')).toHaveTextContent(
      'Lab A',
    );
    expect(screen.getByTestId('cape-entity-status')).toHaveTextContent(
      'failed',
    );
    expect(screen.getByTestId('cape-entity-run-r2')).toHaveTextContent(
      '9 deleted, 91 kept, 1 failed',
    );
    expect(screen.getByTestId('cape-entity-run-r1')).toHaveTextContent(
      'manual by pipeline (dry run)',
    );
    expect(screen.getByTestId('cape-entity-run-r1')).toHaveTextContent(
      '10 would delete',
    );
    expect(capeApi.listRuns).toHaveBeenCalledWith('lab-a', { limit: 10 });
  });

  it('says a run the scheduler endpoint started was an external preview', async () => {
    const capeApi = api({
      listRuns: jest
        .fn()
        .mockResolvedValue([run('r3', { trigger: 'external', dryRun: true })]),
    });
    await renderCard(capeApi, towerEntity({ 'cape-labels/tower-id': 'lab-a' }));
    expect(await screen.findByTestId('cape-entity-run-r3')).toHaveTextContent(
      'external (scheduler endpoint, preview only)',
    );
    expect(screen.getByTestId('cape-entity-run-r3')).not.toHaveTextContent(
      '(dry run)',
    );
  });

  it('says clearly that the user may not view sweep results on 403', async () => {
    const error = await forbidden();
    await renderCard(
      api({ listTowers: jest.fn().mockRejectedValue(error) }),
      towerEntity({ 'cape-labels/tower-id': 'lab-a' }),
    );
    expect(
      await screen.findByTestId('cape-entity-forbidden'),
    ).toHaveTextContent('You may not view sweep results');
  });

  it('names a Tower that is not configured', async () => {
    await renderCard(api(), towerEntity({ 'cape-labels/tower-id': 'gone' }));
    expect(await screen.findByTestId('cape-entity-unknown')).toHaveTextContent(
      "Tower 'gone' is not configured",
    );
  });

  it('is available only on entities with the annotation', () => {
    expect(
      isCapeLabelsAvailable(towerEntity({ 'cape-labels/tower-id': 'lab-a' })),
    ).toBe(true);
    expect(isCapeLabelsAvailable(towerEntity({}))).toBe(false);
  });
});
