import { isObj, ShapeError } from './errors';
import type { TowerLabel } from './types';

// Every value travels as a GraphQL variable; the documents are constants.

export const LOGIN = /* GraphQL */ `
  mutation CapeLabelsLogin($data: LoginInput!) {
    login(data: $data) {
      token
    }
  }
`;

/** Unauthenticated; Tower 3.0 and later (older Towers answer a validation error). */
export const AUTHN_STRATEGIES = /* GraphQL */ `
  query CapeLabelsAuthnStrategies {
    authnStrategies {
      id
      type
    }
  }
`;

/** The cheapest request: an API-key client's first answer carries Tower's clock. */
export const PING = /* GraphQL */ `
  query CapeLabelsPing {
    __typename
  }
`;

export const LOGOUT = /* GraphQL */ `
  mutation CapeLabelsLogout {
    logout
  }
`;

export const LIST_LABELS = /* GraphQL */ `
  query CapeLabelsList($where: LabelWhereInput, $first: Int) {
    labels(where: $where, orderBy: id_ASC, first: $first) {
      id
      key
      value
      createdAt
      total_num
    }
  }
`;

export const CHECK_LABELS = /* GraphQL */ `
  query CapeLabelsCheck($ids: [ID!], $referenced: [LabelWhereInput!]) {
    labels(where: { id_in: $ids }) {
      id
      total_num
    }
    referenced: labels(where: { AND: [{ id_in: $ids }, { OR: $referenced }] }) {
      id
    }
  }
`;

export const DELETE_LABELS = /* GraphQL */ `
  mutation CapeLabelsDelete($where: LabelWhereInput) {
    deleteManyLabels(where: $where) {
      count
    }
  }
`;

export const READ_IDS = /* GraphQL */ `
  query CapeLabelsExisting($where: LabelWhereInput) {
    labels(where: $where) {
      id
    }
  }
`;

type Obj = Record<string, unknown>;

export function dataField(data: unknown, name: string): unknown {
  if (!isObj(data)) throw new ShapeError(`response has no data`);
  return data[name];
}

export function listOf(value: unknown, refusal: string): unknown[] {
  if (!Array.isArray(value)) throw new ShapeError(refusal);
  return value;
}

const rowsOf = (data: unknown) =>
  listOf(dataField(data, 'labels'), '`labels` is not a list');

/** The rows of the requested ids; a row without an id fails the answer: we cannot tell whose it is. */
export function requestedRows(
  data: unknown,
  requested: ReadonlySet<string>,
): Array<Obj & { id: string }> {
  return rowsOf(data).filter((row): row is Obj & { id: string } => {
    if (!isObj(row) || !nonEmptyString(row.id)) {
      throw new ShapeError('a label row has no id');
    }
    return requested.has(row.id);
  });
}

export function nonEmptyString(v: unknown): v is string {
  return typeof v === 'string' && v.length > 0;
}

export function counter(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null;
}

export function parseLoginToken(data: unknown): string | undefined {
  const login = dataField(data, 'login');
  if (!isObj(login)) throw new ShapeError('login returned no login');
  return nonEmptyString(login.token) ? login.token : undefined;
}

export function parseLdapConfigIds(data: unknown): string[] {
  const strategies = listOf(
    dataField(data, 'authnStrategies'),
    '`authnStrategies` is not a list',
  );
  const ids = new Set<string>();
  for (const strategy of strategies) {
    if (!isObj(strategy) || typeof strategy.type !== 'string') {
      throw new ShapeError('an authnStrategies entry has no type');
    }
    if (strategy.type !== 'LDAP') continue;
    if (!nonEmptyString(strategy.id)) {
      throw new ShapeError('an LDAP authnStrategies entry has no id');
    }
    ids.add(strategy.id);
  }
  return [...ids];
}

export function parsePing(data: unknown): void {
  if (!isObj(data)) throw new ShapeError('response has no data');
}

export type ParsedLabelRows = ReturnType<typeof parseLabelRows>;

export function parseLabelRows(data: unknown) {
  const rows = rowsOf(data);
  const labels: TowerLabel[] = [];
  for (const row of rows)
    if (
      isObj(row) &&
      nonEmptyString(row.id) &&
      typeof row.key === 'string' &&
      nonEmptyString(row.createdAt)
    )
      labels.push({
        id: row.id,
        key: row.key,
        value: typeof row.value === 'string' ? row.value : null,
        createdAt: row.createdAt,
        totalNum: counter(row.total_num),
      });
  const malformed = rows.length - labels.length;
  return { labels, malformed, received: rows.length };
}

/** `BatchPayload.count` is a Long: a JSON number or a decimal string. */
export function parseDeleteCount(data: unknown): number {
  const payload = dataField(data, 'deleteManyLabels');
  const count = isObj(payload) ? payload.count : undefined;
  const n =
    typeof count === 'string' && /^\d+$/.test(count) ? Number(count) : count;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) return n;
  throw new ShapeError('deleteManyLabels returned no usable count');
}
