import type { Knex } from 'knex';
import { chunks } from '../lib/chunks';
import { deleteWhereIn } from './arrayParams';
import { toMillis } from './rowMapping';
import { SIGHTINGS, type SightingRow } from './tables';

export async function getSightings(
  db: Knex,
  towerId: string,
  labelIds: string[],
): Promise<Map<string, Date>> {
  const result = new Map<string, Date>();
  for (const ids of chunks([...new Set(labelIds)])) {
    const rows: Array<Pick<SightingRow, 'label_id' | 'first_seen_at'>> =
      await db<SightingRow>(SIGHTINGS)
        .select('label_id', 'first_seen_at')
        .where({ tower_id: towerId })
        .whereIn('label_id', ids);
    for (const row of rows) {
      result.set(row.label_id, new Date(toMillis(row.first_seen_at)));
    }
  }
  return result;
}

export async function addSightings(
  db: Knex,
  towerId: string,
  labelIds: string[],
  seenAt: Date,
): Promise<void> {
  const at = seenAt.getTime();
  // Duplicates in one upsert make PostgreSQL refuse it ("cannot affect row a second time").
  const unique = [...new Set(labelIds)];
  if (unique.length === 0) {
    return;
  }
  await db.transaction(async tx => {
    for (const ids of chunks(unique)) {
      const rows: SightingRow[] = ids.map(labelId => ({
        tower_id: towerId,
        label_id: labelId,
        first_seen_at: at,
        last_seen_at: at,
      }));
      await tx<SightingRow>(SIGHTINGS)
        .insert(rows)
        .onConflict(['tower_id', 'label_id'])
        .merge(['last_seen_at']);
    }
  });
}

export async function pruneSightings(
  db: Knex,
  towerId: string,
  before: Date,
): Promise<void> {
  await db<SightingRow>(SIGHTINGS)
    .where({ tower_id: towerId })
    .andWhere('last_seen_at', '<', before.getTime())
    .delete();
}

/**
 * Forgets the Tower's sightings of `labelIds` (labels seen in use: their confirmation starts
 * over), inside the caller's transaction when given one.
 */
export async function forgetSightings(
  db: Knex,
  towerId: string,
  labelIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(labelIds)];
  if (ids.length === 0) return;
  await deleteWhereIn(db, SIGHTINGS, { tower_id: towerId }, 'label_id', ids);
}
