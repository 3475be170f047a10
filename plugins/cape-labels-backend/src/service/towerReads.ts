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
import type { RunsStore } from '../database/RunStore';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { Caller, TowerAccess } from './access';

const TOP_SOURCES = 10;

/** The API and the actions read through here, so both filter by `cape-labels.read` alike. */
export class TowerReads {
  constructor(
    private readonly options: {
      towers: Pick<SweepCoordinator, 'get' | 'summaries'>;
      store: RunsStore;
      access: TowerAccess;
    },
  ) {}

  async towers(caller: Caller): Promise<TowerSummary[]> {
    const { access, towers } = this.options;
    const readable = await access.readable(caller);
    const summaries = await towers.summaries();
    return summaries.filter(t => readable(t.id));
  }

  async runs(
    caller: Caller,
    towerId: string,
    page: { limit: number; before?: string },
  ): Promise<RunSummary[]> {
    await this.options.access.requireRead(caller, towerId);
    return this.options.store.listRuns(towerId, page);
  }

  async run(caller: Caller, runId: string): Promise<Run> {
    const readable = await this.options.access.readable(caller);
    const run = await this.options.store.getRun(runId);
    if (!run || !readable(run.towerId))
      throw new NotFoundError(`No run '${runId}'`);
    return run;
  }

  async outcomes(
    caller: Caller,
    runId: string,
    page: { limit: number; offset: number } & OutcomeFilter,
  ): Promise<OutcomePage> {
    const run = await this.run(caller, runId);
    return this.options.store.listOutcomes(run.id, page);
  }

  /** Days count on this backend's clock, by when each run started. */
  async topSources(
    caller: Caller,
    towerId: string,
    days: number,
  ): Promise<TopSources> {
    await this.options.access.requireRead(caller, towerId);
    const tower = this.options.towers.get(towerId).tower;
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
