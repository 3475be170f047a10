import type { TopSources } from '@smartx-cape/plugin-cape-labels-common';
import { DateTime } from 'luxon';
import type { RunStore } from '../database/RunStore';

/** Values listed per key. */
const TOP_SOURCES = 10;

/**
 * The cluster names and namespaces whose labels the Tower's runs of the last `days` days
 * deleted most: the clusters that leak labels. Days are counted on this backend's clock, by
 * when each run started.
 */
export async function topSources(
  store: RunStore,
  tower: { id: string; resourcePrefix: string },
  days: number,
  now: Date,
): Promise<TopSources> {
  const since = DateTime.fromJSDate(now).minus({ days }).toJSDate();
  const top = (suffix: string) =>
    store.topDeletedValues({
      towerId: tower.id,
      key: `${tower.resourcePrefix}-${suffix}`,
      since,
      limit: TOP_SOURCES,
    });
  const [clusters, namespaces] = await Promise.all([
    top('cluster-name'),
    top('namespace'),
  ]);
  return { days, since: since.toISOString(), clusters, namespaces };
}
