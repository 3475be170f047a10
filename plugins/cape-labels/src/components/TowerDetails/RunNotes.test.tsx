import { screen, within } from '@testing-library/react';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import { capeLabelsApiRef } from '../../api';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { TowerDetails } from './TowerDetails';

const NOTES = { name: 'Notes of the run' };

async function renderDetails(notes?: string[]) {
  const tower = makeTower({
    lastRun: makeRun({ notes: notes?.map(message => ({ message })) }),
  });
  await renderInTestApp(
    <TestApiProvider apis={[[capeLabelsApiRef, mockCapeLabelsApi([tower])]]}>
      <TowerDetails tower={tower} />
    </TestApiProvider>,
  );
  await screen.findByText('Last run');
}

describe('the notes of a run', () => {
  it('lists each note the run recorded on itself', async () => {
    const notes = [
      'deleteManyLabels answered count 12 for 10 labels, but 10 were gone afterwards',
      '3 labels an earlier run left failed/unanswered were gone: recorded deleted on run r0',
    ];
    await renderDetails(notes);
    const items = within(screen.getByRole('list', NOTES)).getAllByRole(
      'listitem',
    );
    expect(items.map(i => i.textContent)).toEqual(notes);
  });

  it('shows nothing for a run without notes', async () => {
    await renderDetails();
    expect(screen.queryByRole('list', NOTES)).not.toBeInTheDocument();
  });
});
