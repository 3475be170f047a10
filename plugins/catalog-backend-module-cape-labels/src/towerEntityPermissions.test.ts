import {
  AuthorizeResult,
  createPermission,
  type ConditionalPolicyDecision,
} from '@backstage/plugin-permission-common';
import { createTowerEntityReadDecision } from './towerEntityPermissions';

const catalogEntityRead = createPermission({
  name: 'catalog.entity.read',
  attributes: { action: 'read' },
  resourceType: 'catalog-entity',
});
const onTowers = (conditions: object): ConditionalPolicyDecision => ({
  result: AuthorizeResult.CONDITIONAL,
  pluginId: 'cape-labels',
  resourceType: 'cape-labels-tower',
  conditions: conditions as never,
});
const decide = (
  towerRead: Parameters<typeof createTowerEntityReadDecision>[1],
) => createTowerEntityReadDecision(catalogEntityRead, towerRead);

describe('createTowerEntityReadDecision', () => {
  it('keeps ALLOW, and turns DENY into every entity but the Towers', () => {
    expect(decide({ result: AuthorizeResult.ALLOW })).toEqual({
      result: AuthorizeResult.ALLOW,
    });
    expect(decide({ result: AuthorizeResult.DENY })).toEqual({
      result: AuthorizeResult.CONDITIONAL,
      pluginId: 'catalog',
      resourceType: 'catalog-entity',
      conditions: {
        not: { rule: 'IS_CAPE_LABELS_TOWER', resourceType: 'catalog-entity' },
      },
    });
  });

  it('decides Tower entities by the catalog rule of each Tower rule, nested criteria kept', () => {
    const claims = { claims: ['group:default/team-a'] };
    const decision = decide(
      onTowers({
        anyOf: [
          {
            rule: 'IS_TOWER_OWNER',
            resourceType: 'cape-labels-tower',
            params: claims,
          },
          {
            not: {
              rule: 'HAS_TOWER_ID',
              resourceType: 'cape-labels-tower',
              params: { towerId: 'lab' },
            },
          },
        ],
      }),
    );
    expect(decision).toMatchObject({
      conditions: {
        anyOf: [
          { not: { rule: 'IS_CAPE_LABELS_TOWER' } },
          {
            anyOf: [
              {
                rule: 'IS_CAPE_LABELS_TOWER_OWNER',
                resourceType: 'catalog-entity',
                params: claims,
              },
              {
                not: {
                  rule: 'HAS_CAPE_LABELS_TOWER_ID',
                  params: { towerId: 'lab' },
                },
              },
            ],
          },
        ],
      },
    });
  });

  it('refuses a rule Tower entities have no counterpart of rather than show what the plugin hides', () => {
    const unknown = {
      rule: 'IS_TOWER_IN_LAB',
      resourceType: 'cape-labels-tower',
      params: {},
    };
    expect(() => decide(onTowers({ not: unknown }))).toThrow(/IS_TOWER_IN_LAB/);
  });
});
