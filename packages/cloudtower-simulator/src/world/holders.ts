import { SimulatorError } from '../errors';

/*
 * Objects that hold labels without a relation on Label (schema.graphql's last section): Label has
 * no field, filter or counter for them, so deleting a label one names is never refused and never
 * seen through Label. Security groups and policies keep label ids in a JSON column (ids of
 * deleted labels stay there; only the resolved lists drop them); business hosts and disk pools
 * hold a relation on their side, which a label's deletion removes.
 */

/** The root query of each kind of holder. */
export type HolderRoot =
  | 'securityGroups'
  | 'securityPolicies'
  | 'isolationPolicies'
  | 'virtualPrivateCloudSecurityGroups'
  | 'virtualPrivateCloudSecurityPolicies'
  | 'businessHosts'
  | 'diskPools';

/** Where a policy keeps a selector. */
export type HolderSection = 'apply_to' | 'ingress' | 'egress';

type HolderShape = 'labelGroups' | 'policy' | 'relation';

type HolderKind = {
  root: HolderRoot;
  type: string;
  /** The first Tower release that has it. */
  since: '3.0' | '4.2' | '4.7';
  shape: HolderShape;
  sections: readonly HolderSection[];
};

const kind = (
  root: HolderRoot,
  type: string,
  since: HolderKind['since'],
  shape: HolderShape,
  sections: readonly HolderSection[] = [],
): HolderKind => ({ root, type, since, shape, sections });

export const HOLDER_KINDS: readonly HolderKind[] = Object.freeze([
  kind('securityGroups', 'SecurityGroup', '3.0', 'labelGroups'),
  kind('securityPolicies', 'SecurityPolicy', '3.0', 'policy', [
    'apply_to',
    'ingress',
    'egress',
  ]),
  kind('isolationPolicies', 'IsolationPolicy', '3.0', 'policy', [
    'ingress',
    'egress',
  ]),
  kind(
    'virtualPrivateCloudSecurityGroups',
    'VirtualPrivateCloudSecurityGroup',
    '4.2',
    'labelGroups',
  ),
  kind(
    'virtualPrivateCloudSecurityPolicies',
    'VirtualPrivateCloudSecurityPolicy',
    '4.2',
    'policy',
    ['ingress', 'egress'],
  ),
  kind('businessHosts', 'BusinessHost', '4.7', 'relation'),
  kind('diskPools', 'DiskPool', '4.7', 'relation'),
]);

/** A Tower release's holders: those it has, by the release that brought each. */
export function holdersOfRelease(release: '3.0' | '4.2' | '4.7'): HolderRoot[] {
  const order = ['3.0', '4.2', '4.7'];
  return HOLDER_KINDS.filter(
    k => order.indexOf(k.since) <= order.indexOf(release),
  ).map(k => k.root);
}

export function holderKind(root: string): HolderKind {
  const found = HOLDER_KINDS.find(k => k.root === root);
  if (!found)
    throw new SimulatorError(`not a holder: ${root}`, 'INVALID_INPUT');
  return found;
}

export interface HolderRecord {
  id: string;
  root: HolderRoot;
  name: string;
  labelIds: string[];
  /** A policy's selector: where it sits (default the first of its kind's sections). */
  section?: HolderSection;
}

export interface CreateHolderInput {
  id?: string;
  name?: string;
  labelIds?: string[];
  section?: HolderSection;
}

/** The holder as its GraphQL type answers it; `labelOf` resolves an id to a live label. */
export function holderAnswer<L>(
  record: HolderRecord,
  labelOf: (id: string) => L | undefined,
): Record<string, unknown> {
  const k = holderKind(record.root);
  const ids = [...record.labelIds];
  const labels = ids.map(labelOf).filter((l): l is L => l !== undefined);
  const base = { id: record.id, name: record.name };
  if (k.shape === 'relation') return { ...base, labels };
  if (k.shape === 'labelGroups')
    return {
      ...base,
      label_groups: ids.length ? [{ label_ids: ids, labels }] : [],
    };
  const at = record.section ?? k.sections[0];
  const selector = { selector_ids: ids, selector: labels };
  const sections = Object.fromEntries(
    k.sections.map(s => [
      s,
      s !== at || !ids.length
        ? []
        : [
            s === 'apply_to'
              ? { communicable: true, ...selector }
              : { type: 'SELECTOR', ip_block: null, ...selector },
          ],
    ]),
  );
  return { ...base, ...sections };
}

/** Whether a deleted label leaves this holder (a relation does; a JSON column keeps the id). */
export function dropsDeletedLabels(record: HolderRecord): boolean {
  return holderKind(record.root).shape === 'relation';
}
