import { SweepSlots } from './TowerSweeper';

describe('SweepSlots', () => {
  it('hands out at most its size, and a released slot again', () => {
    const slots = new SweepSlots(2);
    const a = slots.tryTake('a');
    const b = slots.tryTake('b');
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(slots.tryTake('c')).toBeUndefined();
    a!();
    a!();
    expect(slots.taken()).toBe(1);
    expect(slots.tryTake('c')).toBeDefined();
    expect(slots.tryTake('d')).toBeUndefined();
  });

  it('keeps a freed slot for the first Tower in line, ahead of later claims, and starts it once', () => {
    const slots = new SweepSlots(1);
    const started: string[] = [];
    const release = slots.tryTake('a')!;
    expect(slots.tryTake('b')).toBeUndefined();
    slots.wait('b', () => started.push('b'));
    expect(slots.tryTake('c')).toBeUndefined();
    slots.wait('c', () => started.push('c'));
    // In line already: not started again.
    expect(slots.tryTake('b')).toBeUndefined();
    slots.wait('b', () => started.push('b'));
    expect(started).toEqual(['b', 'c']);

    release();
    expect(started).toEqual(['b', 'c', 'b']);
    expect(slots.tryTake('d')).toBeUndefined();
    expect(slots.tryTake('c')).toBeUndefined();
    const b = slots.tryTake('b');
    expect(b).toBeDefined();
    b!();
    expect(started).toEqual(['b', 'c', 'b', 'c']);
    expect(slots.tryTake('c')).toBeDefined();
  });
});
