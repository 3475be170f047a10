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
import {
  OUTCOME_PAGE_LIMIT,
  OUTCOME_PAGE_OFFSET,
  RUN_LIST_LIMIT,
  TOP_SOURCES_DAYS,
} from '../schema/specRules';
import type { SweepCoordinator } from '../sweep/SweepCoordinator';
import type { Caller, TowerAccess } from './access';
import { outcomeFilterOf, runIdOf, towerIdOf, wholeNumber } from './validation';

const TOP_SOURCES = 10;

/** Filters by `cape-labels.read`, and checks the input no validated router saw (the actions'). */
export class TowerReads {
  constructor(
    private readonly options: {
      towers: Pick<SweepCoordinator, 'get' | 'summaries'>;
      store: RunsStore;
      access: TowerAccess;
    },
  ) {}

  async towers(caller: Caller): Promise<{ items: TowerSummary[] }> {
    const readable = await this.options.access.readable(caller);
    const summaries = await this.options.towers.summaries();
    return { items: summaries.filter(t => readable(t.id)) };
  }

  async runs(
    caller: Caller,
    page: { towerId: string; limit?: number; before?: string },
  ): Promise<{ items: RunSummary[] }> {
    const towerId = towerIdOf(page.towerId);
    const limit = wholeNumber(page.limit, 'limit', RUN_LIST_LIMIT);
    const before = runIdOf(page.before, 'before');
    await this.options.access.requireRead(caller, towerId);
    const items = await this.options.store.listRuns(towerId, { limit, before });
    return { items };
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
    page: { runId: string; limit?: number; offset?: number } & OutcomeFilter,
  ): Promise<OutcomePage> {
    const runId = runIdOf(page.runId);
    const query = {
      limit: wholeNumber(page.limit, 'limit', OUTCOME_PAGE_LIMIT),
      offset: wholeNumber(page.offset, 'offset', OUTCOME_PAGE_OFFSET),
      ...outcomeFilterOf(page),
    };
    const run = await this.run(caller, runId);
    return this.options.store.listOutcomes(run.id, query);
  }

  /** Days count on this backend's clock, by when each run started. */
  async topSources(
    caller: Caller,
    query: { towerId: string; days?: number },
  ): Promise<TopSources> {
    const towerId = towerIdOf(query.towerId);
    const days = wholeNumber(query.days, 'days', TOP_SOURCES_DAYS);
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
