import {
  buildASTSchema,
  GraphQLFieldResolver,
  GraphQLObjectType,
  GraphQLSchema,
} from 'graphql';
import type { LoginSource } from '../auth';
import type { DeleteRefusal } from '../faults';
import { SimulatorError } from '../errors';
import {
  applyWindow,
  compileObjectWhere,
  connectionWindow,
  cursorPosition,
  labelsOfVm,
  listLabels,
  ListArgs,
  matchingLabelIds,
  vmWindow,
  WhereInput,
} from '../query';
import {
  HOLDER_KINDS,
  holderAnswer,
  type HolderRecord,
  type HolderRoot,
  type VmRecord,
} from '../world';
import type { RequestContext, Resolver } from './context';
import { labelResolvers } from './labelResolvers';
import { SchemaProfile, towerDocument } from './towerDocument';

function edges<T extends { id: string }>(win: {
  items: T[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  count: number;
}) {
  return {
    aggregate: { count: win.count },
    edges: win.items.map(node => ({ node, cursor: node.id })),
    pageInfo: {
      hasNextPage: win.hasNextPage,
      hasPreviousPage: win.hasPreviousPage,
      startCursor: win.items[0]?.id ?? null,
      endCursor: win.items[win.items.length - 1]?.id ?? null,
    },
  };
}

interface UniqueArgs {
  where: { id?: string | null };
}
interface LoginArgs {
  data: {
    username: string;
    password: string;
    source: LoginSource;
    auth_config_id?: string | null;
  };
}
interface UpdateArgs {
  where: { id?: string | null };
  data: {
    key?: string | null;
    value?: string | null;
    vms?: {
      connect?: { id?: string | null }[] | null;
      disconnect?: { id?: string | null }[] | null;
    } | null;
  };
}

const query: Record<string, Resolver<any>> = {
  authnStrategies: (_s, _a, c) => c.auth.strategies(),
  label: (_s, a: UniqueArgs, c) =>
    a.where.id ? (c.store.labels.get(a.where.id) ?? null) : null,
  labels: (_s, a: ListArgs, c) => listLabels(c.store, a, c.pageOverflow),
  labelsConnection: (_s, a: ListArgs, c) =>
    edges(connectionWindow(c.store, a, c.pageOverflow)),
  vm: (_s, a: UniqueArgs, c) =>
    a.where.id ? (c.store.vms.get(a.where.id) ?? null) : null,
  vms: (_s, a: ListArgs, c) =>
    vmWindow(c.store, a, undefined, c.pageOverflow).items,
  vmsConnection: (_s, a: ListArgs, c) =>
    edges(vmWindow(c.store, a, undefined, c.pageOverflow)),
};

const byId = (x: HolderRecord, y: HolderRecord) =>
  x.id < y.id ? -1 : Number(x.id > y.id);

/** A holder root: its records by id order, filtered and paged like every list of Tower. */
function holderList(root: HolderRoot): Resolver<any> {
  return (_s, a: ListArgs, c) => {
    const pred = compileObjectWhere(c.store, a.where);
    const rows = [...c.store.holders.values()]
      .filter(h => h.root === root && pred(h))
      .sort(byId);
    const lookup = (id: string) => {
      const h = c.store.holders.get(id);
      return h?.root === root ? h : undefined;
    };
    const position = cursorPosition<HolderRecord>(lookup, byId);
    return applyWindow(rows, a, position, c.pageOverflow).items.map(h =>
      holderAnswer(h, id => c.store.labels.get(id)),
    );
  };
}

function requireId(where: { id?: string | null }): string {
  if (!where.id)
    throw new SimulatorError('where.id is required', 'INVALID_INPUT');
  return where.id;
}

const mutation: Record<string, Resolver<any>> = {
  login: (_s, a: LoginArgs, c) => ({
    token: c.auth.login(
      a.data.username,
      a.data.password,
      a.data.source,
      a.data.auth_config_id,
    ).token,
  }),
  logout: (_s, _a, c) => {
    if (c.token) c.auth.logout(c.token);
    return 'ok';
  },
  createLabel: (_s, a: { data: { key: string; value?: string | null } }, c) =>
    c.store.createLabel({ key: a.data.key, value: a.data.value ?? null }),
  updateLabel: (_s, a: UpdateArgs, c) => {
    const id = requireId(a.where);
    const store = c.store;
    const label = store.requireLabel(id);
    const connect = (a.data.vms?.connect ?? []).map(requireId);
    const disconnect = (a.data.vms?.disconnect ?? []).map(requireId);
    for (const vm of connect) store.requireVm(vm); // all or nothing
    store.updateLabel(id, {
      key: a.data.key ?? undefined,
      value: a.data.value === undefined ? undefined : a.data.value,
    });
    for (const vm of connect) store.attachVm(id, vm);
    for (const vm of disconnect) store.detachVm(id, vm);
    return label;
  },
  deleteLabel: (_s, a: UniqueArgs, c) => {
    const id = requireId(a.where);
    const refusal = c.store.refuseDelete([id]) ?? lockedRefusal(c, [id]);
    if (refusal) throw refusal;
    const label = c.store.deleteLabel(id, 'deleteLabel');
    if (!label)
      throw new SimulatorError(`label ${id} not found`, 'RESOURCE_NOT_FOUND');
    return label;
  },
  deleteManyLabels: (_s, a: { where?: WhereInput | null }, c) => {
    const ids = matchingLabelIds(c.store, a.where);
    const refusal = c.store.refuseDelete(ids) ?? lockedRefusal(c, ids);
    if (refusal) throw refusal;
    const deletedAt = c.store.clock().toISOString();
    for (const id of ids)
      c.store.deleteLabel(id, 'deleteManyLabels', deletedAt);
    return { count: ids.length };
  },
};

/** A delete the fault `refuseDeletesOf` refuses; with `http`, answered with that status. */
export class LockedLabelRefusal extends SimulatorError {
  constructor(readonly refusal: DeleteRefusal) {
    super(refusal.message, refusal.code);
  }
}

function lockedRefusal(
  c: RequestContext,
  ids: readonly string[],
): LockedLabelRefusal | undefined {
  const refusal = c.refuseDeletes;
  return refusal && ids.some(id => refusal.labelIds.has(id))
    ? new LockedLabelRefusal(refusal)
    : undefined;
}

const vm: Record<string, Resolver<any>> = {
  labels: (s, a: ListArgs, c) => labelsOfVm(c.store, (s as VmRecord).id, a),
};

function attach(
  schema: GraphQLSchema,
  typeName: string,
  resolvers: Record<string, Resolver<any>>,
): void {
  const type = schema.getType(typeName) as GraphQLObjectType;
  const fields = type.getFields();
  for (const [name, fn] of Object.entries(resolvers)) {
    if (!fields[name])
      throw new Error(`schema has no field ${typeName}.${name}`);
    fields[name].resolve = fn as GraphQLFieldResolver<unknown, RequestContext>;
  }
}

/** The executable schema of one kind of Tower: its document (towerDocument.ts) plus resolvers. */
export function createTowerSchema(profile: SchemaProfile): GraphQLSchema {
  const schema = buildASTSchema(towerDocument(profile));
  const { authnStrategies: _since3, ...before3 } = query;
  const holders = Object.fromEntries(
    HOLDER_KINDS.filter(k => profile.holders.includes(k.root)).map(k => [
      k.root,
      holderList(k.root),
    ]),
  );
  attach(schema, 'Query', {
    ...(profile.legacy ? before3 : query),
    ...holders,
  });
  attach(schema, 'Mutation', mutation);
  attach(schema, 'Label', labelResolvers(profile.relations));
  attach(schema, 'Vm', vm);
  return schema;
}
