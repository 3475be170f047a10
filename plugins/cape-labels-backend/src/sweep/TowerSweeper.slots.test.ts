import { SweepSlots, type SlotAnswer } from './TowerSweeper';
import { claimant, gaveUp, slotFree } from './__testUtils__/slotClaimants';

function released(answer: SlotAnswer): () => void {
  if (!answer.taken) throw new Error('no slot was taken');
  return answer.release;
}

/** Lets the line's check of whether a Tower is owed settle. */
const settled = () => new Promise(resolve => setImmediate(resolve));

describe('SweepSlots', () => {
  it('hands out at most its size, and a released slot again', async () => {
    const slots = new SweepSlots(2);
    const a = await slots.take(claimant('a'), gaveUp);
    const b = await slots.take(claimant('b'), gaveUp);
    expect(a.taken).toBe(true);
    expect(b.taken).toBe(true);
    expect((await slots.take(claimant('c', false), gaveUp)).taken).toBe(false);
    // Released twice, it frees one slot only: `d` takes it, `e` finds none.
    released(a)();
    released(a)();
    await settled();
    expect((await slots.take(claimant('d'), gaveUp)).taken).toBe(true);
    expect((await slots.take(claimant('e'), gaveUp)).taken).toBe(false);
  });

  it('keeps a freed slot for the first Tower in line and starts it; a later claim joins the line behind', async () => {
    const slots = new SweepSlots(1);
    const running = released(await slots.take(claimant('running'), gaveUp));
    const first = claimant('first');
    const second = claimant('second');
    expect(await slots.take(first, gaveUp)).toEqual({
      taken: false,
      joinedLine: true,
    });
    expect(await slots.take(second, gaveUp)).toEqual({
      taken: false,
      joinedLine: true,
    });
    // Handed back again while in line: not a new place, not started again.
    expect(await slots.take(first, gaveUp)).toEqual({
      taken: false,
      joinedLine: false,
    });

    running();
    await settled();
    expect([first.starts, second.starts]).toEqual([1, 0]);
    const later = claimant('later');
    expect(await slots.take(later, gaveUp)).toEqual({
      taken: false,
      joinedLine: true,
    });
    expect(await slots.take(second, gaveUp)).toEqual({
      taken: false,
      joinedLine: false,
    });

    const firstRun = released(await slots.take(first, gaveUp));
    expect(await slotFree(slots)).toBe(false);
    firstRun();
    await settled();
    expect([second.starts, later.starts]).toEqual([1, 0]);
    expect((await slots.take(later, gaveUp)).taken).toBe(false);
    expect(released(await slots.take(second, gaveUp))).toBeDefined();
  });

  it('passes the kept slot on when its Tower is no longer owed, or does not claim it in time', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const slots = new SweepSlots(1);
      const running = released(await slots.take(claimant('running'), gaveUp));
      const sweptElsewhere = claimant('swept-elsewhere', false);
      const silent = claimant('silent');
      const last = claimant('last');
      for (const c of [sweptElsewhere, silent, last])
        await slots.take(c, gaveUp);

      running();
      await settled();
      expect([sweptElsewhere.starts, silent.starts, last.starts]).toEqual([
        0, 1, 0,
      ]);
      jest.advanceTimersByTime(10_000);
      await settled();
      expect(last.starts).toBe(1);
      expect(await slots.take(silent, gaveUp)).toEqual({
        taken: false,
        joinedLine: true,
      });
      expect((await slots.take(last, gaveUp)).taken).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('hands a freed slot to the task waiting first in line, holding its lease', async () => {
    const slots = new SweepSlots(1);
    const running = released(await slots.take(claimant('running'), gaveUp));
    const live = new AbortController().signal;
    const first = slots.take(claimant('first'), live);
    const second = slots.take(claimant('second'), live);
    running();
    const firstRun = released(await first);
    expect(await slotFree(slots)).toBe(false);
    firstRun();
    released(await second)();
    await settled();
    expect(await slotFree(slots)).toBe(true);
  });
});
