import { chunks } from '../lib/chunks';
import { ConnectedStore, readInChunks } from './storeConnection';
import { SIGHTINGS, type SightingRow } from './tables';

/** When each candidate label was first and last seen, for its confirmation (rule 6). */
export class SightingsDatabase extends ConnectedStore {
  async getSightings(
    towerId: string,
    labelIds: string[],
  ): Promise<Map<string, Date>> {
    const rows = await readInChunks(labelIds, ids =>
      this.db<SightingRow>(SIGHTINGS)
        .select('label_id', 'first_seen_at')
        .where({ tower_id: towerId })
        .whereIn('label_id', ids),
    );
    return new Map(
      rows.map(row => [row.label_id, new Date(Number(row.first_seen_at))]),
    );
  }

  async addSightings(
    towerId: string,
    labelIds: string[],
    seenAt: Date,
  ): Promise<void> {
    const at = seenAt.getTime();
    // Duplicates in one upsert make PostgreSQL refuse it ("cannot affect row a second time").
    const unique = [...new Set(labelIds)];
    if (unique.length === 0) return;
    await this.connection.bulkWrite(() =>
      this.db.transaction(async tx => {
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
      }),
    );
  }

  async pruneSightings(towerId: string, before: Date): Promise<void> {
    await this.connection.bulkWrite(() =>
      this.db<SightingRow>(SIGHTINGS)
        .where({ tower_id: towerId })
        .andWhere('last_seen_at', '<', before.getTime())
        .delete(),
    );
  }
}
