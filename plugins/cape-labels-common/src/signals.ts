/**
 * The Backstage signals channel (`@backstage/plugin-signals`) on which the backend nudges the card
 * whenever a run starts, writes its progress or ends.
 * @public
 */
export const CAPE_LABELS_REFRESH_CHANNEL = 'cape-labels:refresh';

/**
 * The only message on {@link CAPE_LABELS_REFRESH_CHANNEL}. Signals reach every signed-in user,
 * whatever they may read, so it names no Tower and no run and carries no status: the card re-reads
 * what it shows through the API, which checks `cape-labels.read` per Tower.
 * @public
 */
export type CapeLabelsRefreshSignal = { type: 'refresh' };
