/**
 * The simulated Tower of the benchmark, in its own process so that the sweeper's RSS and event
 * loop are measured alone. Started with child_process.fork by sweepBench.ts; talks over IPC.
 *
 *   in:  argv[2] = JSON {scenario, latencyMs, users, idSeed}
 *   out: {type: 'ready', url}
 *   messages: {id, cmd: 'plan' | 'log' | 'reset' | 'reload' | 'stop', ...} -> {id, result}
 */
import {
  startSimulator,
  type ScenarioSpec,
} from '@smartx-cape/cloudtower-simulator';
import { runMain } from './common';

type Init = {
  /** Security groups added to the world at each load (each names two labels). */
  securityGroups?: number;
  scenario: ScenarioSpec;
  latencyMs: number;
  users: Array<{
    username: string;
    password: string;
    source: 'LOCAL' | 'LDAP';
  }>;
  idSeed?: number;
};

type Request = { id: number; cmd: string; [k: string]: unknown };

type PlannedLabel = {
  createdAt: string;
  total_num: number | null;
  vmIds: string[];
};
type ChainPlan = ReturnType<typeof planChain>;

/** Requests one keyset chain over `labels` (in id order) needs at least. */
function planChain(labels: PlannedLabel[], pageSize: number, cutoffMs: number) {
  let checkBatches = 0;
  let deleteBatches = 0;
  let candidates = 0;
  let orphans = 0;
  for (let i = 0; i < labels.length; i += pageSize) {
    const page = labels.slice(i, i + pageSize);
    const cand = page.filter(
      l => Date.parse(l.createdAt) <= cutoffMs && l.total_num === 0,
    );
    const live = cand.filter(l => l.vmIds.length === 0);
    candidates += cand.length;
    orphans += live.length;
    // Candidates go straight to the guarded delete; a live check names only what it leaves.
    if (cand.length) deleteBatches++;
    if (live.length < cand.length) checkBatches++;
  }
  // Keyset listing stops on a short page: a last full page costs one more (empty) request.
  const listPages = Math.floor(labels.length / pageSize) + 1;
  return { listPages, checkBatches, deleteBatches, candidates, orphans };
}

/** The simulator's own CPU (ms) since `from`: one process serves every request, one at a time. */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const cpu = process.cpuUsage(from);
  return (cpu.user + cpu.system) / 1000;
}

/** Share of the log's span (ms) spent with 0, 1, 2, ... requests in flight at the simulator. */
function inFlightShare(
  log: Array<{ startMs: number; endMs: number | null }>,
): Record<string, number> {
  const edges: Array<[number, number]> = [];
  for (const e of log) {
    edges.push([e.startMs, 1], [e.endMs ?? e.startMs, -1]);
  }
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const ms: Record<string, number> = {};
  let level = 0;
  for (let i = 0; i < edges.length; i++) {
    level += edges[i][1];
    const next = edges[i + 1]?.[0];
    if (next !== undefined && next > edges[i][0]) {
      ms[level] = (ms[level] ?? 0) + next - edges[i][0];
    }
  }
  return ms;
}

async function main() {
  let simCpu0 = process.cpuUsage();
  const init = JSON.parse(process.argv[2]) as Init;
  const sim = await startSimulator({
    port: 0,
    scenario: init.scenario,
    users: init.users,
    idSeed: init.idSeed ?? 1,
    faults: init.latencyMs > 0 ? { latencyMs: init.latencyMs } : undefined,
  });

  /**
   * The fewest requests a sweep of this world can send (see README "minimum"): the listing is
   * one keyset chain per swept key, pages of one key are deleted in batches, and a batch the
   * delete left labels of is checked.
   * `singleChainMinimum` is the same for one chain over all keys (the plan before issue 12).
   */
  const plan = (
    pageSize: number,
    keys: string[],
    cutoffMs: number,
    inFlight: number,
  ) => {
    const keySet = new Set(keys);
    const swept = sim.admin
      .labels()
      .filter(l => keySet.has(l.key))
      .sort((a, b) => (a.id < b.id ? -1 : 1)); // ids are unique: code-point order, as Tower's id_ASC
    const chains = [...keySet].map(k => swept.filter(l => l.key === k));
    const perChain = chains.map(c => planChain(c, pageSize, cutoffMs));
    const sum = (f: (c: ChainPlan) => number) =>
      perChain.reduce((n, c) => n + f(c), 0);
    const single = planChain(swept, pageSize, cutoffMs);
    const listPages = sum(c => c.listPages);
    const deleteBatches = sum(c => c.deleteBatches);
    // The batches in flight before any has a verdict are checked first.
    const checkBatches =
      sum(c => c.checkBatches) + Math.min(deleteBatches, inFlight);
    return {
      swept: swept.length,
      candidates: single.candidates,
      orphans: single.orphans,
      chains: chains.length,
      longestChainPages: Math.max(0, ...perChain.map(c => c.listPages)),
      listPages,
      checkBatches,
      deleteBatches,
      survivorReads: 0,
      sessions: 2, // login + logout
      minimum: listPages + checkBatches + deleteBatches + 2,
      singleChainMinimum:
        single.listPages +
        single.checkBatches +
        Math.min(single.deleteBatches, inFlight) +
        single.deleteBatches +
        2,
    };
  };

  /** Security groups, each naming two swept labels spread over the world (none are orphans then). */
  const addSecurityGroups = (count: number) => {
    const labels = sim.admin.labels();
    const stride = Math.max(1, Math.floor(labels.length / (2 * count)));
    for (let i = 0; i < count; i++)
      sim.admin.createHolder('securityGroups', {
        name: `sg-${i}`,
        labelIds: [2 * i, 2 * i + 1]
          .map(n => labels[(n * stride) % labels.length]?.id)
          .filter((id): id is string => id !== undefined),
      });
  };
  addSecurityGroups(init.securityGroups ?? 0);

  process.on('message', (raw: unknown) => {
    const msg = raw as Request;
    let result: unknown;
    try {
      switch (msg.cmd) {
        case 'plan': {
          const p = plan(
            msg.pageSize as number,
            msg.keys as string[],
            msg.cutoffMs as number,
            msg.inFlight as number,
          );
          result = p;
          break;
        }
        case 'log': {
          const log = sim.admin.requestLog();
          const byOperation: Record<string, number> = {};
          const byOutcome: Record<string, number> = {};
          let first = Infinity;
          let last = 0;
          for (const e of log) {
            const op = e.operationName ?? e.rootFields.join('+');
            byOperation[op] = (byOperation[op] ?? 0) + 1;
            byOutcome[e.outcome] = (byOutcome[e.outcome] ?? 0) + 1;
            first = Math.min(first, e.startMs);
            last = Math.max(last, e.endMs ?? e.startMs);
          }
          result = {
            total: log.length,
            byOperation,
            byOutcome,
            maxInFlight: sim.admin.requestCounters().maxInFlight,
            spanMs: log.length ? last - first : 0,
            cpuMs: cpuMsSince(simCpu0),
            inFlightShare: inFlightShare(log),
          };
          break;
        }
        case 'reset':
          sim.admin.resetLog();
          simCpu0 = process.cpuUsage();
          result = true;
          break;
        case 'reload':
          sim.admin.loadScenario(
            (msg.scenario as ScenarioSpec | undefined) ?? init.scenario,
          );
          addSecurityGroups(
            msg.scenario === undefined ? (init.securityGroups ?? 0) : 0,
          );
          sim.admin.resetLog();
          result = sim.admin.summary();
          break;
        case 'summary':
          result = sim.admin.summary();
          break;
        case 'stop':
          void sim.stop().then(() => {
            process.send!({ id: msg.id, result: true });
            process.exit(0);
          });
          return;
        default:
          throw new Error(`unknown command ${msg.cmd}`);
      }
      process.send!({ id: msg.id, result });
    } catch (e) {
      process.send!({ id: msg.id, error: (e as Error).message });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ type: 'ready', url: sim.url });
}

runMain(main);
