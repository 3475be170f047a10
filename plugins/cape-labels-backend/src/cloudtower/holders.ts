import { toError } from '@backstage/errors';
import {
  isObj,
  ShapeError,
  TowerAbortedError,
  TowerResponseError,
} from './errors';
import { dataField, listOf, nonEmptyString } from './operations';
import { discovery, namesOf, refusalOf, refusedNaming } from './relations';
import type { TowerSession } from './session';

/*
 * Objects that hold labels without a relation on Label (docs/sweep-rules.md, rule 4): no field,
 * filter or counter of Label shows them, so only reading them does.
 */

export type LabelHolder = {
  kind: string;
  id: string;
  name: string | null;
};

export type HeldLabels = {
  readAtMs: number;
  kinds: string[];
  byLabel: ReadonlyMap<string, LabelHolder>;
};

/** A field naming labels by id (`ids`) or as objects (`objects`), on the holder or its `via` list. */
type HolderSource = { via?: { field: string; type: string } } & (
  { ids: string; objects?: undefined } | { ids?: undefined; objects: string }
);

const group = { field: 'label_groups', type: 'LabelGroup' };
const labelGroups: HolderSource[] = [
  { via: group, ids: 'label_ids' },
  { via: group, objects: 'labels' },
];
const ownLabels: HolderSource[] = [{ objects: 'labels' }];
const rules = (...fields: string[]): HolderSource[] =>
  fields.flatMap(field => {
    const type =
      field === 'apply_to' ? 'SecurityPolicyApply' : 'NetworkPolicyRule';
    return [
      { via: { field, type }, ids: 'selector_ids' },
      { via: { field, type }, objects: 'selector' },
    ];
  });

/**
 * The holders public sources show (REST specs 3.0–4.9, the Go SDK's models, the pre-3.0 UI-kit
 * schema, Everoute's Tower plugin), with the Tower version that brought each; the 4.x root names
 * are assumed from their REST paths.
 */
export const KNOWN_HOLDERS = Object.entries({
  securityGroups: labelGroups, // 3.0
  securityPolicies: rules('apply_to', 'ingress', 'egress'), // 3.0
  isolationPolicies: rules('ingress', 'egress'), // 3.0
  virtualPrivateCloudSecurityGroups: labelGroups, // 4.2
  virtualPrivateCloudSecurityPolicies: rules('ingress', 'egress'), // 4.2
  businessHosts: ownLabels, // 4.7
  diskPools: ownLabels, // 4.7
}).map(([root, sources]) => ({
  root,
  // The type of a root's objects: `securityPolicies` lists `SecurityPolicy` objects.
  type:
    root[0].toUpperCase() +
    root.slice(1).replace(/ies$/, 'y').replace(/s$/, ''),
  sources,
}));

type HolderSpec = (typeof KNOWN_HOLDERS)[number];

/** A holder this Tower has that could not be read: nothing may be deleted on its word. */
export class HolderUnreadableError extends TowerResponseError {
  constructor(
    towerId: string,
    readonly holder: string,
    why: string,
  ) {
    super(`could not read the labels ${holder} hold: ${why}`, {
      towerId,
      operation: 'readHolders',
      code: 'UNEXPECTED_SHAPE',
    });
  }
}

type HolderInUse = { spec: HolderSpec; sources: HolderSource[] };

/** Holder objects read per run, at most: an answer past this is not believed. */
const MAX_HOLDER_OBJECTS = 1_000_000;
/** Probing is for an introspection refused: `first: 0` reads nothing. */
const PROBE_FIRST = 0;

const TYPES = [
  'Query',
  ...new Set(
    KNOWN_HOLDERS.flatMap(h => [
      h.type,
      ...h.sources.map(s => s.via?.type ?? h.type),
    ]),
  ),
];

export function holderTypesDocument(): string {
  const reads = TYPES.map(
    (t, i) => `\n  t${i}: __type(name: "${t}") { fields { name } }`,
  );
  return `query CapeLabelsHolderTypes {${reads.join('')}\n}`;
}

function selectionOf(sources: readonly HolderSource[]): string {
  return sources
    .map(({ via, ids, objects }) => {
      const leaf = ids ?? `${objects} { id }`;
      return via ? `${via.field} { ${leaf} }` : leaf;
    })
    .join(' ');
}

export function holdersDocument(
  holders: readonly HolderInUse[],
  name = 'CapeLabelsHolders',
): string {
  const foreign = holders.find(
    h =>
      !KNOWN_HOLDERS.includes(h.spec) ||
      h.sources.some(s => !h.spec.sources.includes(s)),
  );
  if (foreign)
    throw new TypeError(
      `not a built-in holder: ${JSON.stringify(foreign.spec.root)}`,
    );
  const declarations = holders.map((_, i) => `$f${i}: Int, $a${i}: String`);
  const reads = holders.map(
    (h, i) =>
      `\n  h${i}: ${h.spec.root}(first: $f${i}, after: $a${i}) { id name ${selectionOf(h.sources)} }`,
  );
  return `query ${name}(${declarations.join(', ')}) {${reads.join('')}\n}`;
}

function parseIntrospectedHolders(data: unknown): HolderInUse[] {
  if (!isObj(data)) throw new ShapeError('no introspection answer');
  const types = new Map(
    TYPES.map((t, i) => {
      const type = data[`t${i}`];
      return [t, isObj(type) ? new Set(namesOf(type.fields, t)) : undefined];
    }),
  );
  const roots = types.get('Query');
  if (!roots) throw new ShapeError('introspection does not show Query');
  const has = (type: string, field: string) =>
    types.get(type)?.has(field) ?? false;
  return KNOWN_HOLDERS.filter(spec => roots.has(spec.root)).map(spec => ({
    spec,
    sources: spec.sources.filter(
      ({ via, ids, objects }) =>
        (!via || has(spec.type, via.field)) &&
        has(via?.type ?? spec.type, ids ?? objects),
    ),
  }));
}

type Page = Array<{ holder: LabelHolder; labelIds: string[] }>;

function labelIdsOf(
  row: Record<string, unknown>,
  { via, ids, objects }: HolderSource,
): string[] {
  const containers = via
    ? listOf(row[via.field] ?? [], `${via.field} is not a list`)
    : [row];
  const leaf = ids ?? objects;
  return containers.flatMap(container => {
    if (!isObj(container)) throw new ShapeError('a holder entry is no object');
    return listOf(container[leaf] ?? [], `${leaf} is not a list`).map(entry => {
      const id = ids ? entry : (entry as { id?: unknown } | null)?.id;
      if (!nonEmptyString(id))
        throw new ShapeError(`an entry of ${leaf} has no id`);
      return id;
    });
  });
}

function parsePage(rows: unknown, { spec, sources }: HolderInUse): Page {
  return listOf(rows, `${spec.root} is not a list`).map(row => {
    if (!isObj(row) || !nonEmptyString(row.id))
      throw new ShapeError(`a row of ${spec.root} has no id`);
    const name = typeof row.name === 'string' ? row.name : null;
    return {
      holder: { kind: spec.root, id: row.id, name },
      labelIds: sources.flatMap(s => labelIdsOf(row, s)),
    };
  });
}

type Chain = { holder: HolderInUse; after?: string; seen: Set<string> };

/**
 * Finds which holders one Tower has (once per client, so once per run) and reads the labels they
 * name: every holder in one request per page, each paged by its `after` cursor.
 */
export class LabelHolderReader {
  private readonly discover = discovery(
    signal =>
      this.session.request(
        'readHolders',
        holderTypesDocument(),
        {},
        parseIntrospectedHolders,
        signal,
      ),
    signal => this.probe(signal),
  );

  constructor(private readonly session: TowerSession) {}

  async read(pageSize: number, signal?: AbortSignal): Promise<HeldLabels> {
    const readAtMs = performance.now();
    const holders = await this.discover(signal);
    const unreadable = holders.find(h => h.sources.length === 0);
    if (unreadable)
      throw this.unreadable(
        unreadable,
        'Tower has it, but none of the fields that name its labels',
      );
    const byLabel = new Map<string, LabelHolder>();
    const every: Chain[] = holders.map(holder => ({ holder, seen: new Set() }));
    let chains = every;
    while (chains.length) {
      const pages = await this.readPages(chains, pageSize, signal);
      const more = chains.filter((chain, i) => {
        const fresh = pages[i].filter(r => !chain.seen.has(r.holder.id));
        for (const { holder, labelIds } of fresh) {
          chain.seen.add(holder.id);
          for (const labelId of labelIds)
            if (!byLabel.has(labelId)) byLabel.set(labelId, holder);
        }
        if (pages[i].length < pageSize) return false;
        if (fresh.length === 0)
          throw this.unreadable(chain.holder, 'its listing did not advance');
        chain.after = fresh[fresh.length - 1].holder.id;
        return true;
      });
      const objects = every.reduce((n, c) => n + c.seen.size, 0);
      if (objects > MAX_HOLDER_OBJECTS)
        throw this.unreadable(
          chains[0].holder,
          `more than ${MAX_HOLDER_OBJECTS} objects hold labels`,
        );
      chains = more;
    }
    return { readAtMs, kinds: holders.map(h => h.spec.root), byLabel };
  }

  /** One page of every chain in one request; when that fails, each alone, to name the one that fails. */
  private async readPages(
    chains: Chain[],
    pageSize: number,
    signal?: AbortSignal,
  ): Promise<Page[]> {
    const read = (some: Chain[]) =>
      this.session.request(
        'readHolders',
        holdersDocument(some.map(c => c.holder)),
        Object.fromEntries(
          some.flatMap((c, i) => [
            [`f${i}`, pageSize],
            [`a${i}`, c.after ?? null],
          ]),
        ),
        data =>
          some.map((c, i) => parsePage(dataField(data, `h${i}`), c.holder)),
        signal,
      );
    try {
      return await read(chains);
    } catch (error) {
      if (error instanceof TowerAbortedError || chains.length === 1)
        throw this.unreadable(chains[0].holder, error);
    }
    const pages: Page[] = [];
    for (const chain of chains) {
      const [page] = await read([chain]).catch(error => {
        throw this.unreadable(chain.holder, error);
      });
      pages.push(page);
    }
    return pages;
  }

  /** Why `holder` could not be read: words, or the error met (the caller's abort stays one). */
  private unreadable(holder: HolderInUse, why: unknown): Error {
    if (why instanceof TowerAbortedError) return why;
    return new HolderUnreadableError(
      this.session.towerId,
      holder.spec.root,
      typeof why === 'string' ? why : toError(why).message,
    );
  }

  /** Where introspection is refused: a holder refused naming its root on Query is absent. */
  private async probe(signal?: AbortSignal): Promise<HolderInUse[]> {
    const accepts = async (holders: HolderInUse[]) =>
      (await this.refusal(holders, signal)) === undefined;
    const whole = (spec: HolderSpec) => ({ spec, sources: [...spec.sources] });
    const all = KNOWN_HOLDERS.map(whole);
    if (await accepts(all)) return all;
    const found: HolderInUse[] = [];
    for (const spec of KNOWN_HOLDERS) {
      const refusal = await this.refusal([whole(spec)], signal);
      if (refusal === undefined) found.push(whole(spec));
      else if (!refusedNaming(refusal, spec.root, 'Query')) {
        const sources: HolderSource[] = [];
        for (const source of spec.sources)
          if (await accepts([{ spec, sources: [source] }]))
            sources.push(source);
        found.push({ spec, sources });
      }
    }
    return found;
  }

  private refusal(holders: HolderInUse[], signal?: AbortSignal) {
    return refusalOf(
      this.session.request(
        'readHolders',
        holdersDocument(holders, 'CapeLabelsHolderProbe'),
        Object.fromEntries(holders.map((_, i) => [`f${i}`, PROBE_FIRST])),
        () => undefined,
        signal,
      ),
    );
  }
}
