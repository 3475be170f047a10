import type { Entity } from '@backstage/catalog-model';
import { createExtensionTester } from '@backstage/frontend-test-utils';
import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import capeLabelsPlugin from '../../alpha';
import { capeLabelsEntityCard } from './entityCardExtension';
import {
  capeLabelsEntityPredicate,
  isCapeLabelsAvailable,
} from './isCapeLabelsAvailable';

const entity = (kind: string, annotations: Record<string, string> = {}) =>
  ({
    apiVersion: 'backstage.io/v1alpha1',
    kind,
    metadata: { name: 'prod-a', annotations },
  }) as Entity;
const tower = entity('Resource', { 'cape-labels/tower-id': 'prod-a' });
const component = entity('Component');

describe('entity-card:cape-labels/tower', () => {
  it('is an extension of the new frontend system plugin', () => {
    expect(
      capeLabelsPlugin.getExtension('entity-card:cape-labels/tower'),
    ).toBeDefined();
  });

  it('filters with an entity predicate, plain data an app can read', () => {
    expect(JSON.parse(JSON.stringify(capeLabelsEntityPredicate))).toEqual({
      'metadata.annotations.cape-labels/tower-id': { $exists: true },
    });
    const filter = createExtensionTester(capeLabelsEntityCard).get(
      EntityCardBlueprint.dataRefs.filterFunction,
    )!;
    expect([filter(tower), filter(component)]).toEqual([true, false]);
    expect([
      isCapeLabelsAvailable(tower),
      isCapeLabelsAvailable(component),
    ]).toEqual([true, false]);
  });

  it("lets the app's config replace the filter with its own predicate", () => {
    const filter = createExtensionTester(capeLabelsEntityCard, {
      config: { filter: { kind: 'component' } },
    }).get(EntityCardBlueprint.dataRefs.filterFunction)!;
    expect([filter(tower), filter(component)]).toEqual([false, true]);
  });
});
