import { SimulatorError } from '../errors';

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

export type Scalar = string | number | boolean | null;

function toScalar(kind: Kind, v: unknown): Scalar {
  if (v === null) return null;
  if (kind === 'date') {
    const ms = typeof v === 'number' ? v : Date.parse(String(v));
    if (!Number.isFinite(ms))
      throw new SimulatorError(
        `invalid DateTime ${String(v)}`,
        'INVALID_INPUT',
      );
    return ms;
  }
  return v as Scalar;
}

type NonNull = string | number | boolean;

/** Comparisons of a non-null field value `f` with the non-null operand `x` (`s` = String(x)). */
const COMPARE: Record<string, (f: NonNull, x: NonNull, s: string) => boolean> =
  {
    lt: (f, x) => f < x,
    lte: (f, x) => f <= x,
    gt: (f, x) => f > x,
    gte: (f, x) => f >= x,
    contains: (f, _x, s) => String(f).includes(s),
    not_contains: (f, _x, s) => !String(f).includes(s),
    starts_with: (f, _x, s) => String(f).startsWith(s),
    not_starts_with: (f, _x, s) => !String(f).startsWith(s),
    ends_with: (f, _x, s) => String(f).endsWith(s),
    not_ends_with: (f, _x, s) => !String(f).endsWith(s),
  };

/**
 * One scalar condition. Null-valued fields fail every comparison except
 * equality with null (`field: null`) — SQL semantics, as on a real Tower.
 */
export function scalarPred<T>(
  get: (row: T) => Scalar,
  kind: Kind,
  suffix: string,
  raw: unknown,
): Pred<T> {
  if (suffix === 'in' || suffix === 'not_in') {
    const set = new Set((raw as unknown[]).map(v => toScalar(kind, v)));
    const wanted = suffix === 'in';
    return row => {
      const f = get(row);
      return f !== null && set.has(f) === wanted;
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
  const compare = COMPARE[suffix];
  if (!compare)
    throw new SimulatorError(
      `unknown filter suffix ${suffix}`,
      'INVALID_INPUT',
    );
  const s = String(x);
  return row => {
    const f = get(row);
    return f !== null && compare(f, x, s);
  };
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
    throw new SimulatorError(`unknown filter field ${name}`, 'INVALID_INPUT');
  return [best, name.slice(best.length + 1)];
}
