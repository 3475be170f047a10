import { screen, within } from '@testing-library/react';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { capeLabelsApiRef } from '../../api';
import { mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { TopSources } from './TopSources';

const listTitled = async (title: string) =>
  (await screen.findByText(title)).parentElement!;

async function renderTopSources(api: ReturnType<typeof mockCapeLabelsApi>) {
  return renderInTestApp(
    <TestApiProvider apis={[[capeLabelsApiRef, api]]}>
      <TopSources towerId="prod-a" />
    </TestApiProvider>,
  );
}

describe('TopSources', () => {
  it('lists the cluster names and namespaces deleted most, with their counts', async () => {
    const api = mockCapeLabelsApi();
    api.topSources.mockResolvedValue({
      days: 30,
      since: new Date().toISOString(),
      clusters: [
        { value: 'leaky', deleted: 12 },
        { value: 'calm', deleted: 3 },
      ],
      namespaces: [],
    });
    await renderTopSources(api);
    const clusters = await listTitled('Cluster names');
    const rows = clusters.querySelectorAll('[data-value]');
    expect([...rows].map(r => r.textContent)).toEqual(['leaky12', 'calm3']);
    expect(rows[0].querySelector('rect')!.getAttribute('width')).toBe('100%');
    expect(rows[1].querySelector('rect')!.getAttribute('width')).toBe('25%');
    expect(
      within(await listTitled('Namespaces')).getByText('None deleted.'),
    ).toBeInTheDocument();
    expect(api.topSources).toHaveBeenCalledWith('prod-a', undefined);
  });

  it('says so when they cannot be loaded', async () => {
    const api = mockCapeLabelsApi();
    api.topSources.mockRejectedValue(new Error('You may not view'));
    await renderTopSources(api);
    expect(
      await screen.findByText(/Could not load: You may not view/),
    ).toBeInTheDocument();
  });
});
