import type {
  LabelTruth,
  SimulatorAdmin,
} from '@smartx-cape/cloudtower-simulator';
import type {
  LabelLiveState,
  TowerClient,
  TowerLabel,
} from '../../cloudtower/TowerClient';
import { TowerGraphQLError } from '../../cloudtower/errors';
import type { LabelHolder } from '../../cloudtower/holders';
import { OTHER_RELATIONS } from './worldSpec';

/**
 * A deliberately broken Tower (for the oracle's self-test): its live check and guard ignore VMs,
 * or age, or only the guard ignores VMs (caught only when CAPE attaches between check and delete),
 * or it hides the objects that hold labels without a relation on Label.
 */
export type Mutant =
  | 'ignore-vms'
  | 'ignore-age'
  | 'guard-ignores-vms'
  | 'vms-only'
  | 'ignore-holders';

const RELATIONS = ['vms', ...OTHER_RELATIONS];

/** The relations holding a label in the ground truth, in the order Tower's live check names them. */
function referencesOf(t: LabelTruth, mutant?: Mutant): string[] {
  return RELATIONS.filter(
    r =>
      t.references[r] &&
      !(r === 'vms' && mutant === 'ignore-vms') &&
      // The client before issue 25: only VMs were checked and guarded.
      !(r !== 'vms' && mutant === 'vms-only'),
  );
}

function liveReferences(t: LabelTruth, mutant?: Mutant) {
  const referencedBy = referencesOf(t, mutant);
  return { referenced: referencedBy.length > 0, referencedBy };
}

/**
 * A fast in-memory TowerClient over the simulator's in-process admin API: the same world,
 * the same guard conditions (rule 5) evaluated on the ground truth, no HTTP.
 */
export function memoryClient(
  admin: SimulatorAdmin,
  mutant?: Mutant,
): TowerClient {
  const toLabel = (t: {
    id: string;
    key: string;
    value: string | null;
    createdAt: string;
    total_num: number | null;
  }): TowerLabel => ({
    id: t.id,
    key: t.key,
    value: t.value,
    createdAt: t.createdAt,
    totalNum: t.total_num,
  });
  return {
    async readClock() {
      return { source: 'local', reason: 'the client cannot read Tower clock' };
    },
    loginUsed: () => undefined,
    async readHeldLabels() {
      const readAtMs = performance.now();
      const byLabel = new Map<string, LabelHolder>();
      for (const h of mutant === 'ignore-holders' ? [] : admin.holders())
        for (const id of h.labelIds)
          byLabel.set(id, { kind: h.root, id: h.id, name: h.name });
      return {
        readAtMs,
        kinds: [...new Set(admin.holders().map(h => h.root))],
        byLabel,
      };
    },
    async readLabelRelations() {
      return {
        source: 'introspection',
        fields: RELATIONS,
        foundBy: Object.fromEntries(RELATIONS.map(r => [r, 'filters'])),
        unfiltered: [],
        lackingBuiltIn: [],
        beyondBuiltIn: [],
      };
    },
    async *listLabelPages(filter, { pageSize, signal }) {
      let cursor: string | undefined;
      for (;;) {
        if (signal?.aborted)
          throw Object.assign(new Error('aborted'), { code: 'ABORTED' });
        await Promise.resolve();
        const after = cursor;
        const page = admin
          .labels()
          .filter(
            l =>
              filter.keys.includes(l.key) &&
              (after === undefined || l.id > after),
          )
          .slice(0, pageSize)
          .map(toLabel)
          .map(l =>
            mutant === 'ignore-age'
              ? { ...l, createdAt: new Date(0).toISOString() }
              : l,
          );
        if (page.length) yield page;
        if (page.length < pageSize) return;
        cursor = page[page.length - 1].id;
      }
    },
    async checkLabels(ids): Promise<LabelLiveState[]> {
      await Promise.resolve();
      return ids.flatMap(id => {
        const t = admin.label(id);
        return t
          ? [
              {
                id,
                totalNum: t.total_num,
                ...liveReferences(t, mutant),
              },
            ]
          : [];
      });
    },
    async deleteLabelsGuarded({ ids, keys, createdBefore }) {
      await Promise.resolve();
      if (!ids.length || !keys.length) return 0;
      const before = Date.parse(createdBefore);
      const matched = ids.filter(id => {
        const t = admin.label(id);
        if (!t || !keys.includes(t.key)) return false;
        if (mutant !== 'ignore-age' && Date.parse(t.createdAt) > before)
          return false;
        const held = referencesOf(t, mutant).filter(
          r => !(r === 'vms' && mutant === 'guard-ignores-vms'),
        );
        return t.total_num === 0 && held.length === 0;
      });
      // As Tower: the whole delete fails over a label an Everoute security policy uses.
      const used = new Set(admin.everoutePolicies().flatMap(p => p.labelIds));
      const refused = matched.find(id => used.has(id));
      if (refused !== undefined)
        throw new TowerGraphQLError(
          'LABEL_USED_BY_SECURITY_POLICY',
          `label ${refused} is used by security policy everoute`,
          { towerId: 'memory', operation: 'deleteLabels' },
        );
      return matched.filter(id => admin.deleteLabel(id)).length;
    },
    async readExistingIds(ids) {
      await Promise.resolve();
      return ids.filter(id => admin.label(id) !== undefined);
    },
    async close() {},
  };
}

/** `ids`: the label ids the request is about (for a listing page: the ids it returned, 'after' only). */
export type RequestHook = (
  index: number,
  when: 'before' | 'after',
  ids: string[],
) => void | Promise<void>;

/**
 * Wraps a client so that `hook` runs before and after each of its Tower requests
 * (every page of the listing counts as one request), numbered from 0.
 */
export function hookedClient(
  client: TowerClient,
  hook: RequestHook,
): TowerClient {
  let n = 0;
  const around = async <T>(
    ids: string[],
    work: () => Promise<T>,
    idsOf?: (r: T) => string[],
  ): Promise<T> => {
    const i = n++;
    await hook(i, 'before', ids);
    const result = await work();
    await hook(i, 'after', idsOf ? idsOf(result) : ids);
    return result;
  };
  return {
    async readClock() {
      return { source: 'local', reason: 'the client cannot read Tower clock' };
    },
    loginUsed: () => undefined,
    listLabelPages(filter, options) {
      const inner = client
        .listLabelPages(filter, options)
        [Symbol.asyncIterator]();
      return {
        [Symbol.asyncIterator]() {
          return {
            next: () =>
              around(
                [],
                () => inner.next(),
                r => (r.done ? [] : r.value.map(l => l.id)),
              ),
            return: async () =>
              inner.return
                ? inner.return()
                : { done: true as const, value: undefined },
          };
        },
      };
    },
    // Read once per run before any other request: not numbered, so request indices stay put.
    readLabelRelations: signal => client.readLabelRelations(signal),
    // Holders are read beside the batches, as often as their age asks: not numbered either.
    readHeldLabels: options => client.readHeldLabels(options),
    checkLabels: (ids, signal) =>
      around(ids, () => client.checkLabels(ids, signal)),
    deleteLabelsGuarded: (input, signal) =>
      around(input.ids, () => client.deleteLabelsGuarded(input, signal)),
    readExistingIds: (ids, signal) =>
      around(ids, () => client.readExistingIds(ids, signal)),
    close: () => client.close(),
  };
}
