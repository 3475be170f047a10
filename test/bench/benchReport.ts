/* eslint-disable no-console */
/** The sweep benchmark's report: figures against the request plan and the dependency floor. */
import { type GoalFigures } from './goals';
import { fmt, metGoal, table } from './common';
import { IN_FLIGHT, type Scenario } from './benchWorld';
import type { Plan } from './benchProbes';
import type { runNaive } from './naiveSweep';
import type { runOurs } from './ourSweep';
import { serialSimulatorFloor } from './floor';

// ---------------------------------------------------------------- report

/**
 * The dependency chain no amount of concurrency shortens: login, the longest keyset chain's
 * pages one after the other, then its last page's check -> delete -> survivor read, then logout.
 * A page costs what the naive baseline's sequential listing measured per page (latency and
 * Tower's own work); without the baseline, the latency alone (a lower floor).
 */
export function dependencyFloor(
  s: Scenario,
  plan: Plan,
  naive?: Awaited<ReturnType<typeof runNaive>>,
) {
  const pageMs = naive ? naive.listMs / naive.pages : s.latencyMs;
  const ms = pageMs * plan.longestChainPages + 5 * s.latencyMs;
  const source = naive ? "the naive listing's time per page" : 'latency only';
  return {
    ms,
    note: `login + longest chain ${plan.longestChainPages} pages x ${pageMs.toFixed(1)} ms (${source}) + last check/delete/read + logout`,
  };
}

export function report(
  s: Scenario,
  ours: NonNullable<Awaited<ReturnType<typeof runOurs>>>,
  naive?: Awaited<ReturnType<typeof runNaive>>,
) {
  const { plan, log, probes } = ours;
  const bound = (plan.minimum * s.latencyMs) / IN_FLIGHT;
  // Chain floor: what the dependency chain alone costs (see README): the keyset listing is
  // sequential; login precedes and logout follows; the last page's check -> delete -> read is sequential.
  const ops = log.byOperation;
  const rows: Array<Array<string | number>> = [
    [
      'requests sent (total)',
      fmt(log.total),
      `minimum ${fmt(plan.minimum)}`,
      (log.total / plan.minimum).toFixed(3),
      '<= 1.1',
      log.total <= 1.1 * plan.minimum ? 'yes' : 'NO',
    ],
    [
      '  vs one keyset chain',
      '',
      `minimum ${fmt(plan.singleChainMinimum)}`,
      (log.total / plan.singleChainMinimum).toFixed(3),
      '<= 1.1',
      metGoal(log.total <= 1.1 * plan.singleChainMinimum),
    ],
    [
      '  list pages',
      fmt(ops.CapeLabelsList ?? 0),
      `${fmt(plan.listPages)} (${plan.chains} chains, one per key)`,
      '',
      '',
      '',
    ],
    [
      '  check batches',
      fmt(ops.CapeLabelsCheck ?? 0),
      fmt(plan.checkBatches),
      '',
      '',
      '',
    ],
    [
      '  guarded deletes',
      fmt(ops.CapeLabelsDelete ?? 0),
      fmt(plan.deleteBatches),
      '',
      '',
      '',
    ],
    [
      '  survivor reads',
      fmt(ops.CapeLabelsExisting ?? 0),
      fmt(plan.survivorReads),
      '',
      '',
      '',
    ],
    [
      '  holders: types + reads (pages)',
      `${fmt(ops.CapeLabelsHolderTypes ?? 0)} + ${fmt(ops.CapeLabelsHolders ?? 0)}`,
      s.securityGroups
        ? `${fmt(s.securityGroups)} security groups`
        : 'no holder objects',
      '',
      '',
      '',
    ],
    [
      '  login + logout',
      fmt((ops.CapeLabelsLogin ?? 0) + (ops.CapeLabelsLogout ?? 0)),
      '2',
      '',
      '',
      '',
    ],
    [
      'wall time (ms)',
      fmt(ours.wallMs),
      `bound ${fmt(bound)} (${plan.minimum} x ${s.latencyMs} ms / ${IN_FLIGHT})`,
      (ours.wallMs / bound).toFixed(2),
      '<= 1.3',
      ours.wallMs <= 1.3 * bound ? 'yes' : 'NO',
    ],
  ];
  if (naive) {
    rows.push([
      'naive baseline (ms)',
      fmt(ours.wallMs),
      `naive ${fmt(naive.wallMs)}${naive.extrapolated ? ` (extrapolated from ${naive.deletesTimed} of ${naive.orphans} deletes)` : ''}`,
      `${(naive.wallMs / ours.wallMs).toFixed(1)}x faster`,
      s.name === 'S1' ? '>= 20x' : '-',
      s.name === 'S1' ? metGoal(naive.wallMs / ours.wallMs >= 20) : '-',
    ]);
    rows.push([
      '  sequential listing alone (ms)',
      '',
      `${fmt(naive.listMs)} (${naive.pages} pages, ${(naive.listMs / naive.pages).toFixed(1)} ms each)`,
      '',
      '',
      '',
    ]);
  }
  const floor = serialSimulatorFloor(
    dependencyFloor(s, plan, naive),
    log.cpuMs,
  );
  rows.push([
    'wall time vs dependency floor (ms)',
    fmt(ours.wallMs),
    `floor ${fmt(floor.ms)} (${floor.note})`,
    (ours.wallMs / floor.ms).toFixed(2),
    '',
    '',
  ]);
  rows.push([
    'peak RSS growth (MB)',
    fmt(probes.rssGrowthMB, 1),
    `largest of the repeats (the first sweep); store: ${ours.store}, ${fmt(probes.storeMB, 1)} MB; the V8 heap grew ${fmt(probes.heapGrowthMB, 1)} MB`,
    '',
    s.name === 'S1' ? '<= 150' : '-',
    s.name === 'S1' ? metGoal(probes.rssGrowthMB <= 150) : '-',
  ]);
  rows.push([
    'event-loop delay p99 / max (ms)',
    `${fmt(probes.eventLoopP99Ms, 1)} / ${fmt(probes.eventLoopMaxMs, 1)}`,
    '',
    '',
    '<= 50 (p99)',
    probes.eventLoopP99Ms <= 50 ? 'yes' : 'NO',
  ]);
  const r = ours.run!;
  console.log(`\n## ${s.name}: ${s.description}`);
  console.log(
    `world: ${fmt(plan.swept)} swept labels, ${fmt(plan.candidates)} candidates after listing, ${fmt(plan.orphans)} live orphans; run ${r.status}: ` +
      `scanned ${r.counts.scanned}, deleted ${r.counts.deleted}, kept ${r.counts.kept}, failed ${r.counts.failed}; ` +
      `simulator saw max ${log.maxInFlight} requests in flight, used ${fmt(log.cpuMs)} ms of CPU; sweeper CPU ${fmt(probes.cpuUserMs + probes.cpuSystemMs)} ms`,
  );
  console.log(
    `simulator time by requests in flight: ${Object.entries(log.inFlightShare)
      .map(([n, ms]) => `${n}: ${fmt(ms)} ms`)
      .join(', ')}`,
  );
  console.log(
    table(['figure', 'ours', 'reference', 'ratio', 'goal', 'met'], rows),
  );
  const st = Object.entries(ours.storeTimes)
    .map(
      ([k, v]) =>
        `${k} ${v.calls}x ${fmt(v.ms)} ms${v.rows ? ` (${fmt(v.rows)} rows)` : ''}`,
    )
    .join(', ');
  console.log(`store busy time (overlapping): ${st}`);
  const figures: GoalFigures = {
    scenario: s.name,
    status: r.status,
    wallMs: ours.wallMs,
    floorMs: floor.ms,
    floorNote: floor.note,
    requests: log.total,
    minimum: plan.minimum,
    singleChainMinimum: plan.singleChainMinimum,
    rssGrowthMB: probes.rssGrowthMB,
    eventLoopP99Ms: probes.eventLoopP99Ms,
    store: ours.store,
    storeMB: probes.storeMB,
    heapGrowthMB: probes.heapGrowthMB,
    cpuMs: probes.cpuUserMs + probes.cpuSystemMs,
    simulatorCpuMs: log.cpuMs,
    labels: r.counts.scanned,
    outcomes: ours.outcomes,
  };
  return { bound, figures };
}
