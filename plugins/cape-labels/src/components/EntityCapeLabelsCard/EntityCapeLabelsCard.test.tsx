import type { Entity } from '@backstage/catalog-model';
import { EntityProvider } from '@backstage/plugin-catalog-react';
import { screen, within } from '@testing-library/react';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
  MockCapeLabelsApi,
  notAllowedError,
} from '../../__testUtils__/fixtures';
import { renderWithApi } from '../../__testUtils__/renderCard';
import { figure, towerRow } from '../../__testUtils__/queries';
import { EntityCapeLabelsCard } from './EntityCapeLabelsCard';
import { isCapeLabelsAvailable } from './isCapeLabelsAvailable';
import { RECENT_RUNS } from './RecentRuns';

const towerEntity = (annotations: Record<string, string>): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Resource',
  metadata: { name: 'prod-a', annotations },
  spec: { type: 'cloudtower', owner: 'group:default/platform-team' },
});

const annotated = towerEntity({ 'cape-labels/tower-id': 'prod-a' });
const failedRun = makeRun({ id: 'r2', status: 'failed' });

function api(): MockCapeLabelsApi {
  const capeApi = mockCapeLabelsApi([makeTower({ lastRun: failedRun })]);
  capeApi.listRuns.mockResolvedValue([
    failedRun,
    makeRun({
      id: 'r1',
      trigger: 'manual',
      requestedBy: 'service:pipeline',
      dryRun: true,
      counts: { ...failedRun.counts, wouldDelete: 10 },
    }),
  ]);
  return capeApi;
}

async function renderCard(capeApi: MockCapeLabelsApi, entity: Entity) {
  return renderWithApi(
    capeApi,
    <EntityProvider entity={entity}>
      <EntityCapeLabelsCard />
    </EntityProvider>,
  );
}

describe('EntityCapeLabelsCard', () => {
  it("shows the Tower's row as on the main card and its recent runs", async () => {
    const capeApi = api();
    await renderCard(capeApi, annotated);
    expect(
      await screen.findByRole('link', { name: 'Production A' }),
    ).toHaveTextContent('Production A');
    const row = towerRow('Production A');
    expect(within(row).getByRole('status')).toHaveTextContent('failed');
    expect(within(figure(row, 'deleted')).getByText('15')).toBeInTheDocument();
    const r2 = await screen.findByRole('row', { name: /15 deleted, 2 kept/ });
    expect(r2).toHaveTextContent('failed');
    expect(r2).toHaveTextContent('15 deleted, 2 kept');
    const r1 = screen.getByRole('row', { name: /by service:pipeline/ });
    expect(r1).toHaveTextContent('manual by service:pipeline (dry run)');
    expect(r1).toHaveTextContent('10 would delete');
    expect(capeApi.listRuns).toHaveBeenCalledWith('prod-a', {
      limit: RECENT_RUNS,
    });
  });

  it('says a run the scheduler endpoint started was an external preview', async () => {
    const capeApi = api();
    capeApi.listRuns.mockResolvedValue([
      makeRun({ id: 'r3', trigger: 'external', dryRun: true }),
    ]);
    await renderCard(capeApi, annotated);
    const r3 = await screen.findByRole('row', { name: /scheduler endpoint/ });
    expect(r3).toHaveTextContent('external (scheduler endpoint, preview only)');
    expect(r3).not.toHaveTextContent('(dry run)');
  });

  it('says clearly that the user may not view sweep results on 403', async () => {
    const capeApi = api();
    capeApi.listTowers.mockRejectedValue(await notAllowedError());
    await renderCard(capeApi, annotated);
    expect(
      await screen.findByText('You may not view sweep results'),
    ).toHaveTextContent('You may not view sweep results');
    expect(
      screen.queryByText('Could not reach the cape-labels backend'),
    ).toBeNull();
  });

  it('names a Tower that is not configured', async () => {
    await renderCard(api(), towerEntity({ 'cape-labels/tower-id': 'gone' }));
    expect(
      await screen.findByText(/^Tower 'gone' is not configured/),
    ).toHaveTextContent("Tower 'gone' is not configured");
  });

  it('is available only on entities with the annotation', () => {
    expect(isCapeLabelsAvailable(annotated)).toBe(true);
    expect(isCapeLabelsAvailable(towerEntity({}))).toBe(false);
  });
});
