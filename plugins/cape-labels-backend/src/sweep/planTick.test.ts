import { planTick } from './planTick';

describe('planTick', () => {
  const preview = {
    trigger: 'manual' as const,
    dryRun: true,
    requestedBy: 'user:default/a',
  };

  it('runs the scheduled sweep when due', () => {
    expect(planTick({ due: true, request: undefined })).toEqual([
      { trigger: 'schedule', dryRun: false },
    ]);
  });

  it('runs both a pending preview and the scheduled sweep when due, the scheduled one first', () => {
    expect(planTick({ due: true, request: preview })).toEqual([
      { trigger: 'schedule', dryRun: false },
      preview,
    ]);
  });

  it('runs only the permitted request when not due', () => {
    expect(planTick({ due: false, request: preview })).toEqual([preview]);
  });

  it('previews, recorded external, when started neither by the schedule nor by a request', () => {
    expect(planTick({ due: false, request: undefined })).toEqual([
      { trigger: 'external', dryRun: true },
    ]);
  });
});
