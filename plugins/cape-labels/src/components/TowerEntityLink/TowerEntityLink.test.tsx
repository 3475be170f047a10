import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { screen } from '@testing-library/react';
import { makeTower, mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { renderCard } from '../../__testUtils__/renderCard';
import { towerTestIds } from '../../testIds';

const catalog = { '/catalog/:namespace/:kind/:name': entityRouteRef };
const towers = [makeTower(), makeTower({ id: 'prod-b', title: 'Prod B' })];

describe('the main card links each Tower to its catalog entity page', () => {
  it('links every row to resource:default/<towerId> when the catalog is installed', async () => {
    await renderCard(mockCapeLabelsApi(towers), { mountedRoutes: catalog });
    const linkA = await screen.findByTestId(towerTestIds('prod-a').entityLink);
    expect(linkA).toHaveAttribute('href', '/catalog/default/resource/prod-a');
    expect(
      screen.getByTestId(towerTestIds('prod-b').entityLink),
    ).toHaveAttribute('href', '/catalog/default/resource/prod-b');
  });

  it('shows the rows without links when the app has no catalog', async () => {
    await renderCard(mockCapeLabelsApi(towers));
    expect(
      await screen.findByTestId(towerTestIds('prod-a').title),
    ).toHaveTextContent('Production A');
    expect(
      screen.queryByTestId(towerTestIds('prod-a').entityLink),
    ).not.toBeInTheDocument();
  });

  it('does not link a Tower to the entity page it is shown on', async () => {
    await renderCard(mockCapeLabelsApi(towers), {
      mountedRoutes: catalog,
      at: '/catalog/default/resource/prod-a',
    });
    expect(
      await screen.findByTestId(towerTestIds('prod-b').entityLink),
    ).toBeInTheDocument();
    expect(
      screen.queryByTestId(towerTestIds('prod-a').entityLink),
    ).not.toBeInTheDocument();
  });
});
