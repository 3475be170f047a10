import { screen } from '@testing-library/react';
import { mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { renderWithApi } from '../../__testUtils__/renderCard';
import { OutcomesTable } from './OutcomesTable';

const kept = {
  labelId: 'l1',
  key: 'cape-vip',
  value: '10.0.0.1',
  createdAt: '2026-01-01T00:00:00Z',
  action: 'kept' as const,
  reason: 'referenced' as const,
};

describe('OutcomesTable', () => {
  it('says which kept reasons an older run only counts', async () => {
    const api = mockCapeLabelsApi();
    api.listOutcomes.mockResolvedValue({
      items: [kept],
      total: 1,
      countedOnly: ['count-nonzero', 'young'],
    });
    await renderWithApi(api, <OutcomesTable runId="run-1" refreshKey="k" />);
    expect(
      await screen.findByRole('row', { name: /cape-vip=10\.0\.0\.1/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/counted, not listed/)).toHaveTextContent(
      'Labels kept as count-nonzero or young are counted, not listed, for this run',
    );
  });

  it('says nothing of the kind while the run lists every label', async () => {
    const api = mockCapeLabelsApi();
    api.listOutcomes.mockResolvedValue({
      items: [kept],
      total: 1,
      countedOnly: [],
    });
    await renderWithApi(api, <OutcomesTable runId="run-1" refreshKey="k" />);
    expect(
      await screen.findByRole('row', { name: /cape-vip=10\.0\.0\.1/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/counted, not listed/)).toBeNull();
  });
});
