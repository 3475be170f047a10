import { startSimulator } from './server';
import { HOUR } from '../time';

describe('clockOffsetMs: a Tower whose clock is not ours', () => {
  it.each([-2 * HOUR, 2 * HOUR])(
    'stamps createdAt and the HTTP Date header on its own clock (offset %i ms)',
    async offset => {
      const sim = await startSimulator({ clockOffsetMs: offset });
      try {
        const before = Date.now();
        const res = await fetch(`${sim.url}/api`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
        await res.text();
        const label = sim.admin.createLabel({ key: 'cape-vip' });
        const after = Date.now();

        // The Date header has whole seconds.
        const date = Date.parse(res.headers.get('date') ?? '');
        expect(date).toBeGreaterThanOrEqual(before + offset - 1000);
        expect(date).toBeLessThanOrEqual(after + offset);
        const createdAt = Date.parse(label.createdAt);
        expect(createdAt).toBeGreaterThanOrEqual(before + offset);
        expect(createdAt).toBeLessThanOrEqual(after + offset);
      } finally {
        await sim.stop();
      }
    },
  );
});
