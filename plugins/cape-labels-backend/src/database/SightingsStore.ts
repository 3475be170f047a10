/** When each candidate label was first and last seen, for its confirmation (rule 6). */
export interface SightingsStore {
  /** When each label was first seen; labels never seen are absent. */
  getSightings(towerId: string, labelIds: string[]): Promise<Map<string, Date>>;
  addSightings(
    towerId: string,
    labelIds: string[],
    seenAt: Date,
  ): Promise<void>;
  /** Forgets the sightings last seen before `before`. */
  pruneSightings(towerId: string, before: Date): Promise<void>;
}
