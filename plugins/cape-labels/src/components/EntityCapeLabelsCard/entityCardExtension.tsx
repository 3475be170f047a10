import { compatWrapper } from '@backstage/core-compat-api';
import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isCapeLabelsAvailable } from './isCapeLabelsAvailable';

/**
 * Extension `entity-card:cape-labels/tower`: the Tower's card on entities annotated
 * `cape-labels/tower-id` (the catalog module's Resources). @alpha
 */
export const capeLabelsEntityCard = EntityCardBlueprint.make({
  name: 'tower',
  params: {
    filter: isCapeLabelsAvailable,
    loader: () =>
      import('./EntityCapeLabelsCard').then(m =>
        compatWrapper(<m.EntityCapeLabelsCard />),
      ),
  },
});
