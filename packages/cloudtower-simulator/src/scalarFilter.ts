import { TowerError } from './store';

/** Scalar filter conditions (`field`, `field_not`, `field_in`, `field_lt`, `field_contains`, ...). */
export type Kind = 'id' | 'string' | 'date' | 'int' | 'bool';
export type Pred<T> = (row: T) => boolean;

const SUFFIXES = new Set([
  '',
  'not',
  'in',
  'not_in',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'not_contains',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
]);

type Scalar = string | number | boolean | null;

function toScalar(kind: Kind, v: unknown): Scalar {
  if (v === null) return null;
  if (kind === 'date') {
    const ms = typeof v === 'number' ? v : Date.parse(String(v));
    if (!Number.isFinite(ms))
      throw new TowerError(`invalid DateTime ${String(v)}`, 'INVALID_INPUT');
    return ms;
  }
  return v as Scalar;
}

/**
 * One scalar condition. Null-valued fields fail every comparison except
 * equality with null (`field: null`) — SQL semantics, as on a real Tower.
 */
export function scalarPred(
  field: string,
  kind: Kind,
  suffix: string,
  raw: unknown,
): Pred<Record<string, unknown>> {
  const get = (row: Record<string, unknown>) => row[field] as Scalar;
  if (suffix === 'in' || suffix === 'not_in') {
    const set = new Set((raw as unknown[]).map(v => toScalar(kind, v)));
    return suffix === 'in'
      ? row => {
          const f = get(row);
          return f !== null && set.has(f);
        }
      : row => {
          const f = get(row);
          return f !== null && !set.has(f);
        };
  }
  const x = toScalar(kind, raw);
  if (suffix === '')
    return x === null ? row => get(row) === null : row => get(row) === x;
  if (suffix === 'not')
    return x === null
      ? row => get(row) !== null
      : row => {
          const f = get(row);
          return f !== null && f !== x;
        };
  if (x === null) return () => false;
  const s = String(x);
  switch (suffix) {
    case 'lt':
      return row => {
        const f = get(row);
        return f !== null && f < x;
      };
    case 'lte':
      return row => {
        const f = get(row);
        return f !== null && f <= x;
      };
    case 'gt':
      return row => {
        const f = get(row);
        return f !== null && f > x;
      };
    case 'gte':
      return row => {
        const f = get(row);
        return f !== null && f >= x;
      };
    case 'contains':
      return row => {
        const f = get(row);
        return f !== null && String(f).includes(s);
      };
    case 'not_contains':
      return row => {
        const f = get(row);
        return f !== null && !String(f).includes(s);
      };
    case 'starts_with':
      return row => {
        const f = get(row);
        return f !== null && String(f).startsWith(s);
      };
    case 'not_starts_with':
      return row => {
        const f = get(row);
        return f !== null && !String(f).startsWith(s);
      };
    case 'ends_with':
      return row => {
        const f = get(row);
        return f !== null && String(f).endsWith(s);
      };
    case 'not_ends_with':
      return row => {
        const f = get(row);
        return f !== null && !String(f).endsWith(s);
      };
    default:
      throw new TowerError(`unknown filter suffix ${suffix}`, 'INVALID_INPUT');
  }
}

export function splitField(
  name: string,
  fields: Record<string, Kind>,
): [string, string] {
  if (name in fields) return [name, ''];
  let best: string | undefined;
  for (const f of Object.keys(fields)) {
    if (name.startsWith(`${f}_`) && SUFFIXES.has(name.slice(f.length + 1))) {
      if (!best || f.length > best.length) best = f;
    }
  }
  if (!best)
    throw new TowerError(`unknown filter field ${name}`, 'INVALID_INPUT');
  return [best, name.slice(best.length + 1)];
}
