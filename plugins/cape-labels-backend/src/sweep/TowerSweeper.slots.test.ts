import { SweepSlots, type SlotAnswer } from './TowerSweeper';

/** A Tower of the line: `owed` says whether its start is still owed; its starts are counted. */
function claimant(taskId: string, owed = true) {
  const c = {
    taskId,
    owed,
    starts: 0,
    owesStart: async () => c.owed,
    startNow: () => {
      c.starts++;
    },
  };
  return c;
}

function released(answer: SlotAnswer): () => void {
  if (!answer.taken) throw new Error('no slot was taken');
  return answer.release;
}

/** Lets the line's check of whether a Tower is owed settle. */
const settled = () => new Promise(resolve => setImmediate(resolve));

describe('SweepSlots', () => {
  it('hands out at most its size, and a released slot again', async () => {
    const slots = new SweepSlots(2);
    const a = slots.tryTake(claimant('a'));
    const b = slots.tryTake(claimant('b'));
    expect(a.taken).toBe(true);
    expect(b.taken).toBe(true);
    expect(slots.tryTake(claimant('c', false)).taken).toBe(false);
    released(a)();
    released(a)();
    expect(slots.taken()).toBe(1);
    await settled();
    expect(slots.tryTake(claimant('d')).taken).toBe(true);
    expect(slots.tryTake(claimant('e')).taken).toBe(false);
  });

  it('keeps a freed slot for the first Tower in line and starts it; a later claim joins the line behind', async () => {
    const slots = new SweepSlots(1);
    const running = released(slots.tryTake(claimant('running')));
    const first = claimant('first');
    const second = claimant('second');
    expect(slots.tryTake(first)).toEqual({ taken: false, joinedLine: true });
    expect(slots.tryTake(second)).toEqual({ taken: false, joinedLine: true });
    // Handed back again while in line: not a new place, not started again.
    expect(slots.tryTake(first)).toEqual({ taken: false, joinedLine: false });

    running();
    await settled();
    expect([first.starts, second.starts]).toEqual([1, 0]);
    const later = claimant('later');
    expect(slots.tryTake(later)).toEqual({ taken: false, joinedLine: true });
    expect(slots.tryTake(second)).toEqual({ taken: false, joinedLine: false });

    const firstRun = released(slots.tryTake(first));
    expect(slots.taken()).toBe(1);
    firstRun();
    await settled();
    expect([second.starts, later.starts]).toEqual([1, 0]);
    expect(slots.tryTake(later).taken).toBe(false);
    expect(released(slots.tryTake(second))).toBeDefined();
  });

  it('passes the kept slot on when its Tower is no longer owed, or does not claim it in time', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const slots = new SweepSlots(1);
      const running = released(slots.tryTake(claimant('running')));
      const sweptElsewhere = claimant('swept-elsewhere', false);
      const silent = claimant('silent');
      const last = claimant('last');
      for (const c of [sweptElsewhere, silent, last]) slots.tryTake(c);

      running();
      await settled();
      expect([sweptElsewhere.starts, silent.starts, last.starts]).toEqual([
        0, 1, 0,
      ]);
      jest.advanceTimersByTime(10_000);
      await settled();
      expect(last.starts).toBe(1);
      expect(slots.tryTake(silent)).toEqual({
        taken: false,
        joinedLine: true,
      });
      expect(slots.tryTake(last).taken).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
