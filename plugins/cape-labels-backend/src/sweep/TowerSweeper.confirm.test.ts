import { Duration } from 'luxon';
import type { TowerClient } from '../cloudtower/TowerClient';
import {
  createHarness,
  stoppedAfterEach,
  type Harness,
} from './__testUtils__/sweepHarness';
import { HOUR, MINUTE, useFakeDate } from '../__testUtils__/time';

jest.setTimeout(30_000);

/*
 * Rule 6 with a counter that never follows (Tower's counter stuck at 0 while a VM holds the
 * label): only the live check sees the VM, and seeing it must restart the confirmation.
 */
describe('TowerSweeper confirmation starts over when a label is seen in use', () => {
  afterEach(() => jest.useRealTimers());
  const harness = stoppedAfterEach(
    async (wrapClient?: (c: TowerClient) => Partial<TowerClient>) => {
      useFakeDate(Date.now());
      return createHarness({
        simulator: { counterLag: 'never' },
        tower: { confirmAfter: Duration.fromObject({ hours: 1 }) },
        wrapClient,
      });
    },
  );

  /** Moves the clock on, sweeps, and says what became of each label. */
  const sweepAfter = async (h: Harness, ms: number) => {
    jest.setSystemTime(Date.now() + ms);
    return h.outcomesByLabel((await h.sweep()).id);
  };

  it('a VM hidden by a lagging counter, seen by the live check, restarts the confirmation', async () => {
    const h = await harness();
    const { admin } = h.sim;
    const label = admin.createLabel({ key: 'cape-vip', createdAt: h.old() }).id;

    expect(await sweepAfter(h, 0)).toEqual({ [label]: 'kept/unconfirmed' });

    const vm = admin.createVm({ name: 'vm' }).id;
    admin.attach({ labelId: label, vmId: vm });
    expect(admin.label(label)?.total_num).toBe(0);
    expect(await sweepAfter(h, 2 * HOUR)).toEqual({
      [label]: 'kept/referenced',
    });

    admin.detach({ labelId: label, vmId: vm });
    expect(await sweepAfter(h, 2 * HOUR)).toEqual({
      [label]: 'kept/unconfirmed',
    });
    expect(admin.label(label)).toBeDefined();
  });

  it('an unconfirmed label is checked live too: a VM seen before confirmation restarts it', async () => {
    const h = await harness();
    const { admin } = h.sim;
    const label = admin.createLabel({ key: 'cape-vip', createdAt: h.old() }).id;
    await h.sweep();
    const vm = admin.createVm({ name: 'vm' }).id;
    admin.attach({ labelId: label, vmId: vm });
    // 30 min: not yet confirmed.
    expect(await sweepAfter(h, 30 * MINUTE)).toEqual({
      [label]: 'kept/referenced',
    });
    admin.detach({ labelId: label, vmId: vm });
    expect(await sweepAfter(h, 2 * HOUR)).toEqual({
      [label]: 'kept/unconfirmed',
    });
  });

  it('a run that fails before listing everything still forgets what it saw in use', async () => {
    let failListing = false;
    const h = await harness(client => ({
      listLabelPages: (filter, options) => {
        const pages = client.listLabelPages(filter, options);
        if (!failListing) return pages;
        return (async function* failAfterFirstPage() {
          for await (const page of pages) {
            yield page;
            throw new Error('Tower went away');
          }
        })();
      },
    }));
    const { admin } = h.sim;
    const label = admin.createLabel({ key: 'cape-vip', createdAt: h.old() }).id;
    await h.sweep();
    const vm = admin.createVm({ name: 'vm' }).id;
    admin.attach({ labelId: label, vmId: vm });
    jest.setSystemTime(Date.now() + 2 * HOUR);
    failListing = true;
    const failed = await h.sweep();
    expect(failed.status).toBe('failed');
    expect(await h.outcomesByLabel(failed.id)).toEqual({
      [label]: 'kept/referenced',
    });
    failListing = false;
    admin.detach({ labelId: label, vmId: vm });
    jest.setSystemTime(Date.now() + 2 * HOUR);
    const next = await h.sweep();
    expect(await h.outcomesByLabel(next.id)).toEqual({
      [label]: 'kept/unconfirmed',
    });
  });

  it('a counter seen non-zero at listing restarts the confirmation', async () => {
    const h = await harness();
    const { admin } = h.sim;
    const label = admin.createLabel({ key: 'cape-vip', createdAt: h.old() }).id;
    await h.sweep();
    admin.setCounters(label, { total_num: 1 });
    jest.setSystemTime(Date.now() + 2 * HOUR);
    const second = await h.sweep();
    expect(await h.outcomesByLabel(second.id)).toEqual({
      [label]: 'kept/count-nonzero',
    });
    admin.setCounters(label, { total_num: 0 });
    jest.setSystemTime(Date.now() + 2 * HOUR);
    const third = await h.sweep();
    expect(await h.outcomesByLabel(third.id)).toEqual({
      [label]: 'kept/unconfirmed',
    });
  });
});
