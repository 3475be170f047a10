import { entityRouteRef } from '@backstage/plugin-catalog-react';
import { screen } from '@testing-library/react';
import { makeTower, mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { renderCard } from '../../__testUtils__/renderCard';

const catalog = { '/catalog/:namespace/:kind/:name': entityRouteRef };
const towers = [makeTower(), makeTower({ id: 'prod-b', title: 'Prod B' })];

describe('the main card links each Tower to its catalog entity page', () => {
  it('links every row to resource:default/<towerId> when the catalog is installed', async () => {
    await renderCard(mockCapeLabelsApi(towers), { mountedRoutes: catalog });
    const [linkA, linkB] = await screen.findAllByRole('link', {
      name: 'Catalog',
    });
    expect(linkA).toHaveAttribute('href', '/catalog/default/resource/prod-a');
    expect(linkB).toHaveAttribute('href', '/catalog/default/resource/prod-b');
  });

  it('shows the rows without links when the app has no catalog', async () => {
    await renderCard(mockCapeLabelsApi(towers));
    expect(
      await screen.findByRole('link', { name: 'Production A' }),
    ).toHaveTextContent('Production A');
    expect(
      screen.queryByRole('link', { name: 'Catalog' }),
    ).not.toBeInTheDocument();
  });

  it('does not link a Tower to the entity page it is shown on', async () => {
    await renderCard(mockCapeLabelsApi(towers), {
      mountedRoutes: catalog,
      at: '/catalog/default/resource/prod-a',
    });
    const links = await screen.findAllByRole('link', { name: 'Catalog' });
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute(
      'href',
      '/catalog/default/resource/prod-b',
    );
  });
});
