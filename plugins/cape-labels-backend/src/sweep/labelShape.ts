import { DateTime } from 'luxon';
import type { TowerLabel } from '../cloudtower/types';
import { escapedText } from '../lib/plainText';

/*
 * Rule 0 of a listed label: its `id` and `createdAt` must be values Tower could have written. A
 * label whose are not is never deleted (nothing about it can be trusted) and is recorded with the
 * raw values made safe, so that it can still be found on Tower.
 */

/**
 * Tower's ids are cuids; this accepts any short id of letters, digits, `_` and `-`, which every
 * Tower id is, and refuses what no Tower writes: control and bidi characters, NUL, long strings.
 */
const TOWER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** An ISO 8601 date-time with an explicit zone, as Tower's `DateTime` scalar writes it. */
const TOWER_TIME =
  /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** Tower was not writing labels before Unix time began. */
const EARLIEST_YEAR = 1970;

/** Recorded ids and times, at most (characters): within the outcome table's columns. */
const MAX_RECORDED_ID = 128;
const MAX_RECORDED_TIME = 64;

/** Why the label's `id` or `createdAt` is not one Tower could have written; undefined when fine. */
export function malformation(label: TowerLabel): string | undefined {
  if (!TOWER_ID.test(label.id))
    return 'id is not an id Tower writes (1 to 64 letters, digits, _ or -)';
  const created = DateTime.fromISO(label.createdAt, { setZone: true });
  if (
    !TOWER_TIME.test(label.createdAt) ||
    !created.isValid ||
    created.year < EARLIEST_YEAR
  )
    return 'createdAt is not a date and time Tower could have written';
  return undefined;
}

/** A label id as the run records it: itself when well-formed, else made safe and bounded. */
export function recordedId(id: string): string {
  return TOWER_ID.test(id) ? id : escapedText(id, MAX_RECORDED_ID);
}

/** A creation time as the run records it: itself when well-formed, else made safe and bounded. */
export function recordedTime(createdAt: string): string {
  return TOWER_TIME.test(createdAt)
    ? createdAt
    : escapedText(createdAt, MAX_RECORDED_TIME);
}
