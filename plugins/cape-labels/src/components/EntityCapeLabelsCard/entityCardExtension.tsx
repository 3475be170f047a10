import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { capeLabelsEntityPredicate } from './isCapeLabelsAvailable';

/**
 * Extension `entity-card:cape-labels/tower`: the Tower's card on entities annotated
 * `cape-labels/tower-id` (the catalog module's Resources). Its `filter` is a predicate, so an
 * app can read it and replace it in `app.extensions` config.
 * @alpha
 */
export const capeLabelsEntityCard = EntityCardBlueprint.make({
  name: 'tower',
  params: {
    filter: capeLabelsEntityPredicate,
    loader: () =>
      import('./EntityCapeLabelsCard').then(m => <m.EntityCapeLabelsCard />),
  },
});
