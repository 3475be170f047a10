import { NotFoundError } from '@backstage/errors';
import { DateTime } from 'luxon';
import type {
  OutcomeFilter,
  OutcomePage,
  Run,
  RunSummary,
  TopSources,
  TowerSummary,
} from '@smartx-cape/plugin-cape-labels-common';
import type { RunsStore } from '../database/RunsStore';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { Caller, TowerAccess } from './access';

/** Values listed per key in top sources. */
const TOP_SOURCES = 10;

/**
 * What a caller may read, filtered per Tower by `cape-labels.read`: the one place the HTTP routes
 * and the registered actions get Towers, runs and outcomes from. Inputs are already checked
 * (by the validated router, or validation.ts for the actions); a Tower or run the caller may not
 * read answers 404 like a missing one, a caller who may read no Tower gets 403.
 */
export class TowerReads {
  constructor(
    private readonly options: {
      towers: Pick<SweepCoordinator, 'tower' | 'summaries'>;
      store: RunsStore;
      access: TowerAccess;
    },
  ) {}

  /** The Towers the caller may read, ordered by title. */
  async towers(caller: Caller): Promise<TowerSummary[]> {
    const { access, towers } = this.options;
    const readable = await access.readable(caller);
    const summaries = await towers.summaries();
    return summaries.filter(t => readable(t.id));
  }

  /** The Tower's runs, newest first, before the run `before` when given (404 if not the Tower's). */
  async runs(
    caller: Caller,
    towerId: string,
    page: { limit: number; before?: string },
  ): Promise<RunSummary[]> {
    await this.options.access.requireRead(caller, towerId);
    return this.options.store.listRuns(towerId, page);
  }

  /** The run, 404 when it does not exist or its Tower is hidden from the caller. */
  async run(caller: Caller, runId: string): Promise<Run> {
    const readable = await this.options.access.readable(caller);
    const run = await this.options.store.getRun(runId);
    if (!run || !readable(run.towerId))
      throw new NotFoundError(`No run '${runId}'`);
    return run;
  }

  /** A page of the run's outcomes (NotFoundError when the run was pruned meanwhile). */
  async outcomes(
    caller: Caller,
    runId: string,
    page: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<OutcomePage> {
    const run = await this.run(caller, runId);
    return this.options.store.listOutcomes(run.id, page);
  }

  /**
   * The cluster names and namespaces whose labels the Tower's runs of the last `days` days
   * deleted most: the clusters that leak labels. Days are counted on this backend's clock, by
   * when each run started.
   */
  async topSources(
    caller: Caller,
    towerId: string,
    days: number,
  ): Promise<TopSources> {
    await this.options.access.requireRead(caller, towerId);
    const tower = this.options.towers.tower(towerId);
    const since = DateTime.now().minus({ days }).toJSDate();
    const top = (suffix: string) =>
      this.options.store.topDeletedValues({
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
}
