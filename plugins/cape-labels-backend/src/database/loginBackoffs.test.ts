import { mockServices } from '@backstage/backend-test-utils';
import { describeEachDatabase } from './__testUtils__/describeEachDatabase';
import { at } from './__testUtils__/testStore';
import { openRunStore } from './RunStore';
import type { LoginBackoff } from './RunStore';

const backoff = (refusals: number, minutes: number): LoginBackoff => ({
  refusals,
  lastCode: 'USER_PASSWORD_INCORRECT',
  lastRefusedAt: at(minutes),
  nextLoginAt: at(minutes + 15 * 2 ** (refusals - 1)),
  credentials: { salt: 'a1b2c3', hash: 'f'.repeat(64) },
});

describeEachDatabase('RunStore login backoffs', itEach => {
  itEach(
    'keeps one per Tower: written, replaced, read back, cleared',
    async db => {
      const { store } = await db.store();
      expect(await store.getLoginBackoffs(['prod-a'])).toEqual(new Map());

      await store.setLoginBackoff('prod-a', backoff(1, 0));
      await store.setLoginBackoff('prod-b', backoff(1, 5));
      await store.setLoginBackoff('prod-a', backoff(2, 15));
      expect(
        await store.getLoginBackoffs(['prod-a', 'prod-b', 'prod-c']),
      ).toEqual(
        new Map([
          ['prod-a', backoff(2, 15)],
          ['prod-b', backoff(1, 5)],
        ]),
      );

      await store.clearLoginBackoff('prod-a');
      await store.clearLoginBackoff('prod-c');
      expect(await store.getLoginBackoffs(['prod-a', 'prod-b'])).toEqual(
        new Map([['prod-b', backoff(1, 5)]]),
      );
    },
  );

  itEach(
    'is seen by a second store on the same database (another replica, a restart)',
    async db => {
      const { knex, store } = await db.store();
      await store.setLoginBackoff('prod-a', backoff(3, 0));
      const other = await openRunStore({
        database: mockServices.database({ knex }),
      });
      expect((await other.getLoginBackoffs(['prod-a'])).get('prod-a')).toEqual(
        backoff(3, 0),
      );
    },
  );
});
