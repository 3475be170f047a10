import type {
  LabelOutcome,
  OutcomeReason,
} from '@smartx-cape/plugin-cape-labels-common';
import type { TowerLabel } from '../cloudtower/TowerClient';
import { escapedText } from '../lib/plainText';

// A label whose id or createdAt Tower could not have written is never deleted (nothing about it
// can be trusted), and is recorded with its raw values made safe so it can still be found.

// Tower's ids are cuids; any short id of letters, digits, `_` and `-` passes, and what no Tower
// writes (control and bidi characters, NUL, long strings) does not.
const TOWER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An ISO 8601 date-time with an explicit zone, as Tower's `DateTime` scalar writes it. */
const TOWER_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** Tower was not writing labels before Unix time began. */
const EARLIEST_YEAR = 1970;

/**
 * A time Tower could have written: its form, and a day that exists (`Date.parse` takes Feb 30 for
 * Mar 2; `Date.UTC` rolls it over, which shows). No date library: its parser costs more than the
 * rest of a label's rules.
 */
function isTowerTime(text: string): boolean {
  const m = TOWER_TIME.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(Date.UTC(year, month, day));
  return (
    year >= EARLIEST_YEAR &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day
  );
}

/** Recorded ids and times, at most (characters): within the outcome table's columns. */
const MAX_RECORDED_ID = 128;
const MAX_RECORDED_TIME = 64;

/** Why the label's `id` or `createdAt` is not one Tower could have written; undefined when fine. */
export function malformation(label: TowerLabel): string | undefined {
  if (!TOWER_ID.test(label.id))
    return 'id is not an id Tower writes (1 to 64 letters, digits, _ or -)';
  if (!isTowerTime(label.createdAt))
    return 'createdAt is not a date and time Tower could have written';
  return undefined;
}

/**
 * U+0000 cannot be stored in PostgreSQL text: one such label would make every outcome write of
 * its batch fail (after Tower acted). It is recorded as U+FFFD; the label id stays exact.
 */
function storable(text: string): string {
  return text.includes('\u0000') ? text.split('\u0000').join('\uFFFD') : text;
}

/** A malformed label is only ever kept, so nothing looks it up by the exact id made safe here. */
export function outcome(
  label: TowerLabel,
  action: LabelOutcome['action'],
  reason?: OutcomeReason,
  notes: Pick<LabelOutcome, 'relation' | 'detail'> = {},
): LabelOutcome {
  const result: LabelOutcome = {
    labelId: TOWER_ID.test(label.id)
      ? label.id
      : escapedText(label.id, MAX_RECORDED_ID),
    key: storable(label.key),
    value: label.value === null ? null : storable(label.value),
    createdAt: TOWER_TIME.test(label.createdAt)
      ? label.createdAt
      : escapedText(label.createdAt, MAX_RECORDED_TIME),
    action,
  };
  // Assigned, not spread: one object per label of a sweep.
  if (reason) result.reason = reason;
  if (notes.relation) result.relation = notes.relation;
  if (notes.detail) result.detail = notes.detail;
  return result;
}
