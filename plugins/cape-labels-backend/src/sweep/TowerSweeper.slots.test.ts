import { SweepSlots } from './TowerSweeper';

describe('SweepSlots', () => {
  it('hands out at most its size, and a released slot again', () => {
    const slots = new SweepSlots(2);
    const a = slots.tryTake();
    const b = slots.tryTake();
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(slots.tryTake()).toBeUndefined();
    a!();
    a!();
    expect(slots.taken()).toBe(1);
    expect(slots.tryTake()).toBeDefined();
    expect(slots.tryTake()).toBeUndefined();
  });
});
