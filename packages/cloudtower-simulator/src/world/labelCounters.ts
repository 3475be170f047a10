import { SimulatorError } from '../errors';
import { LabelRelation, ZERO_COUNTERS } from './labelRelations';
import type { CounterInput, LabelRecord } from './types';

/** A stored counter of a label (number, or null: "not computed yet"). */
export function counterValue(label: LabelRecord, name: string): number | null {
  const v = label.counters[name];
  return v === undefined ? label.counterBase : v;
}

/** Every stored counter of a Tower with these relations: one per relation, the zero ones, total_num. */
export function counterNames(relations: readonly LabelRelation[]): string[] {
  return [...relations.map(r => r.counter), ...ZERO_COUNTERS, 'total_num'];
}

/** Sets the counters given (a number or null); the others stay. An unknown name is INVALID_INPUT. */
export function assignCounters(
  label: LabelRecord,
  input: CounterInput,
  known: ReadonlySet<string>,
): void {
  for (const [name, v] of Object.entries(input)) {
    if (!known.has(name))
      throw new SimulatorError(
        `unknown counter '${name}' (known: ${[...known].join(', ')})`,
        'INVALID_INPUT',
      );
    if (v === null || typeof v === 'number') label.counters[name] = v;
    else if (v !== undefined)
      throw new SimulatorError(
        `counter '${name}' must be a number or null`,
        'INVALID_INPUT',
      );
  }
}

/** Stores freshly recomputed counters: the non-zero ones explicitly, every other one reads 0. */
export function storeRecomputed(
  label: LabelRecord,
  counts: Record<string, number>,
): void {
  label.counterBase = 0;
  label.counters = counts;
}

/** Every stored counter of the label by name. */
export function allCounters(
  label: LabelRecord,
  names: Iterable<string>,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const n of names) out[n] = counterValue(label, n);
  return out;
}
