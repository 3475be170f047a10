import { screen } from '@testing-library/react';
import { renderInTestApp, TestApiProvider } from '@backstage/test-utils';
import type { RunClock } from '@smartx-cape/plugin-cape-labels-common';
import { capeLabelsApiRef } from '../../api';
import { formatClock } from '../../format';
import { englishLang } from '../../__testUtils__/lang';
import {
  makeRun,
  makeTower,
  mockCapeLabelsApi,
} from '../../__testUtils__/fixtures';
import { TowerDetails } from './TowerDetails';

const HOUR = 3_600_000;

describe('the Clock of a run', () => {
  it.each<[RunClock, string]>([
    [{ source: 'tower', skewMs: -2 * HOUR - 700 }, "Tower's, 2 h behind ours"],
    [{ source: 'tower', skewMs: 90_000 }, "Tower's, 1 min 30 s ahead of ours"],
    [{ source: 'tower', skewMs: -800 }, "Tower's, in step with ours"],
    [
      { source: 'tower', skewMs: 48 * HOUR + 2000, capped: true },
      "Tower's, 48 h ahead of ours (capped: cutoff at most maxClockAhead ahead)",
    ],
    [
      { source: 'local', skewMs: null },
      "this backend's (Tower sent no usable Date header)",
    ],
  ])('reads %j as %p', (clock, text) => {
    expect(formatClock(clock, englishLang())).toBe(text);
  });

  it('shows in the last run details', async () => {
    const tower = makeTower({
      lastRun: makeRun({ clock: { source: 'tower', skewMs: -2 * HOUR } }),
    });
    await renderInTestApp(
      <TestApiProvider apis={[[capeLabelsApiRef, mockCapeLabelsApi([tower])]]}>
        <TowerDetails tower={tower} />
      </TestApiProvider>,
    );
    expect(
      await screen.findByText("Tower's, 2 h behind ours"),
    ).toBeInTheDocument();
  });

  it('is absent for a run that has not read a clock', async () => {
    const tower = makeTower({ lastRun: makeRun() });
    await renderInTestApp(
      <TestApiProvider apis={[[capeLabelsApiRef, mockCapeLabelsApi([tower])]]}>
        <TowerDetails tower={tower} />
      </TestApiProvider>,
    );
    await screen.findByText('Last run');
    expect(screen.queryByText('Clock:')).not.toBeInTheDocument();
  });
});
