import { oldDate, backendForDescribe } from './__testUtils__/testBackend';

describe('cape-labels audit trail', () => {
  const b = backendForDescribe();

  it('writes an auditor event naming every deleted label, and none for a dry run', async () => {
    const ids = ['a', 'b', 'c'].map(
      v =>
        b.sim.admin.createLabel({
          key: 'cape-vip',
          value: v,
          createdAt: oldDate(),
        }).id,
    );
    const audits = () => b.logs.filter(line => line.includes('labels-deleted'));

    await b.sweep('t1', { dryRun: true });
    expect(audits()).toEqual([]);

    const run = await b.sweep('t1');
    expect(run.counts.deleted).toBe(3);
    const [event] = await b.audits('labels-deleted', 'succeeded');
    expect(event).toBeDefined();
    for (const id of ids) expect(event).toContain(id);
    expect(event).toContain(run.id);

    const res = await b.get(`/runs/${run.id}/labels?action=deleted`);
    expect(res.body.total).toBe(3);
  });
});
