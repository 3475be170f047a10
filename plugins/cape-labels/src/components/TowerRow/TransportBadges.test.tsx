import { within } from '@testing-library/react';
import { makeTower, mockCapeLabelsApi } from '../../__testUtils__/fixtures';
import { findTowerRow, towerRow } from '../../__testUtils__/queries';
import { renderCard } from '../../__testUtils__/renderCard';

describe('the way to a Tower, marked on the card', () => {
  it('marks an http:// Tower and one whose TLS is not verified, and leaves others alone', async () => {
    await renderCard(
      mockCapeLabelsApi([
        makeTower({
          id: 'clear',
          title: 'Clear',
          transport: { insecure: true },
        }),
        makeTower({
          id: 'unverified',
          title: 'Unverified',
          transport: { skipTLSVerify: true },
        }),
        makeTower({ id: 'fine', title: 'Fine' }),
      ]),
    );
    const clear = await findTowerRow('Clear');
    expect(
      within(clear).getByTitle(/crosses the network in clear/),
    ).toHaveTextContent('http: not encrypted');
    const unverified = towerRow('Unverified');
    expect(
      within(unverified).getByTitle(/certificate is not checked/),
    ).toHaveTextContent('TLS not verified');
    const fine = towerRow('Fine');
    expect(within(fine).queryByText(/not encrypted|not verified/)).toBeNull();
  });
});
