import type { RunSummary } from '@smartx-cape/plugin-cape-labels-common';
import type { TowerConfig } from '../config/types';
import { badRunMessage, runLink } from './messages';

describe('runLink', () => {
  it("points at the run on its Tower's page, below the configured page path", () => {
    expect(runLink({ towerId: 'prod-a', id: 'run-1' }, '/cape-labels')).toBe(
      '/cape-labels/towers/prod-a?run=run-1',
    );
    expect(
      runLink({ towerId: 'prod-a', id: 'run-1' }, '/portal/ops/cape'),
    ).toBe('/portal/ops/cape/towers/prod-a?run=run-1');
  });

  it('keeps odd Tower and run ids inside their part of the link', () => {
    expect(runLink({ towerId: 'lab/a?b', id: 'r&1' }, '/cape-labels')).toBe(
      '/cape-labels/towers/lab%2Fa%3Fb?run=r%261',
    );
  });
});

describe('badRunMessage', () => {
  const tower = { id: 'prod-a', title: 'Production A' } as TowerConfig;
  const run = (over: Partial<RunSummary>) =>
    ({
      id: 'run-1',
      towerId: 'prod-a',
      status: 'failed',
      startedAt: '2026-01-01T00:00:00.000Z',
      trigger: 'manual',
      ...over,
    }) as RunSummary;
  const description = (over: Partial<RunSummary>) =>
    badRunMessage(tower, run(over), 'high', ['the run failed']).description;

  it('names who asked for the run, with the principal type', () => {
    expect(description({ requestedBy: 'service:pipeline' })).toBe(
      'Run run-1 (failed, 2026-01-01T00:00:00.000Z, requested by service:pipeline): the run failed.',
    );
    expect(description({ requestedBy: 'user:default/jane' })).toContain(
      'requested by user:default/jane',
    );
    expect(description({ trigger: 'schedule' })).not.toContain('requested');
  });
});
