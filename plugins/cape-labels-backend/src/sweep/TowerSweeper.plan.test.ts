import { planTick } from './TowerSweeper';

describe('planTick', () => {
  const preview = {
    trigger: 'manual' as const,
    dryRun: true,
    requestedBy: 'user:default/a',
  };

  it('runs the scheduled sweep when due', () => {
    expect(planTick({ due: true, requests: [] })).toEqual([
      { trigger: 'schedule', dryRun: false },
    ]);
  });

  it('runs both a pending preview and the scheduled sweep when due, the scheduled one first', () => {
    expect(planTick({ due: true, requests: [preview] })).toEqual([
      { trigger: 'schedule', dryRun: false },
      preview,
    ]);
  });

  it('redoes a request a lost replica left unfinished, and the pending one', () => {
    const redo = { trigger: 'event' as const, dryRun: false };
    expect(planTick({ due: false, requests: [redo, preview] })).toEqual([
      redo,
      preview,
    ]);
  });

  it('runs only the permitted request when not due', () => {
    expect(planTick({ due: false, requests: [preview] })).toEqual([preview]);
  });

  it('previews, recorded external, when started neither by the schedule nor by a request', () => {
    expect(planTick({ due: false, requests: [] })).toEqual([
      { trigger: 'external', dryRun: true },
    ]);
  });
});
