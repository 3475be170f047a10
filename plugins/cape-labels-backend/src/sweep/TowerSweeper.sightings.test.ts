import { Duration } from 'luxon';
import { createHarness, stoppedAfterEach } from './__testUtils__/sweepHarness';

jest.setTimeout(30_000);

/** Sightings only serve confirmation (rule 6): a sweep without it writes none. */
describe('TowerSweeper sightings', () => {
  const harness = stoppedAfterEach(createHarness);

  it('writes no sightings when confirmAfter is 0', async () => {
    const h = await harness({ tower: { dryRun: true } });
    const old = h.old();
    const ids = ['cape-vip', 'cape-namespace'].map(
      key => h.sim.admin.createLabel({ key, createdAt: old }).id,
    );
    const addSightings = jest.spyOn(h.store, 'addSightings');

    const run = await h.sweep();

    expect(run.counts.candidates).toBe(2);
    expect(addSightings).not.toHaveBeenCalled();
    expect((await h.store.getSightings(h.tower.id, ids)).size).toBe(0);
  });

  it('writes the candidates sightings when confirmAfter is on', async () => {
    const h = await harness({
      tower: { dryRun: true, confirmAfter: Duration.fromObject({ hours: 1 }) },
    });
    const id = h.sim.admin.createLabel({
      key: 'cape-vip',
      createdAt: h.old(),
    }).id;

    await h.sweep();

    expect((await h.store.getSightings(h.tower.id, [id])).size).toBe(1);
  });
});
