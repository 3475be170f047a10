/* eslint-disable no-console */
/** What the sweep benchmark measures beside time: request plans, event loop and RSS probes, store time. */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import type { RunStore } from '../../plugins/cape-labels-backend/src/database/RunStore';
import { tallyOutcomes } from './goals';
import type { OutcomeTally } from './goals';
import type { LabelOutcome } from '@smartx-cape/plugin-cape-labels-common';

export type Plan = {
  swept: number;
  candidates: number;
  orphans: number;
  /** Keyset chains (one per swept key) and the pages of the longest one. */
  chains: number;
  longestChainPages: number;
  listPages: number;
  checkBatches: number;
  deleteBatches: number;
  survivorReads: number;
  sessions: number;
  minimum: number;
  /** The minimum with one keyset chain over all keys (the plan before issue 12). */
  singleChainMinimum: number;
};
export type LogSummary = {
  total: number;
  byOperation: Record<string, number>;
  byOutcome: Record<string, number>;
  maxInFlight: number;
  spanMs: number;
  /** The simulator process's CPU during the sweep (it serves requests one at a time). */
  cpuMs: number;
  /** ms of the span spent with 0, 1, 2, ... requests in flight at the simulator. */
  inFlightShare: Record<string, number>;
};

// ---------------------------------------------------------------- process probes

export function startProbes() {
  (globalThis as { gc?: () => void }).gc?.();
  // memoryUsage.rss() reads only the RSS: the full memoryUsage() also walks the heap's
  // spaces, which added up to ~50 ms of the sweeper CPU measured in S1.
  const rss0 = process.memoryUsage.rss();
  const heap0 = getHeapStatistics().total_heap_size;
  let peak = rss0;
  let heapPeak = heap0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    heapPeak = Math.max(heapPeak, getHeapStatistics().total_heap_size);
  }, 50);
  const eld = monitorEventLoopDelay({ resolution: 10 });
  eld.enable();
  const cpu0 = process.cpuUsage();
  return () => {
    clearInterval(timer);
    eld.disable();
    peak = Math.max(peak, process.memoryUsage.rss());
    const cpu = process.cpuUsage(cpu0);
    return {
      rssBeforeMB: rss0 / 2 ** 20,
      rssPeakMB: peak / 2 ** 20,
      rssGrowthMB: (peak - rss0) / 2 ** 20,
      /** Growth of the V8 heap (JavaScript objects); the rest of the RSS growth is native. */
      heapGrowthMB: (heapPeak - heap0) / 2 ** 20,
      eventLoopP99Ms: eld.percentile(99) / 1e6,
      eventLoopMaxMs: eld.max / 1e6,
      cpuUserMs: cpu.user / 1000,
      cpuSystemMs: cpu.system / 1000,
    };
  };
}

/** Wraps the store to add up the time spent in each method (calls overlap, so this is busy time). */
export function timedStore(store: RunStore) {
  const times: Record<string, { calls: number; ms: number; rows: number }> = {};
  const outcomes: OutcomeTally = { written: 0, acted: 0, routine: 0 };
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const t = performance.now();
        const result = value.apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.finally(() => {
          const entry = (times[String(prop)] ??= { calls: 0, ms: 0, rows: 0 });
          entry.calls++;
          entry.ms += performance.now() - t;
          if (prop === 'addOutcomes' || prop === 'addSightings')
            entry.rows += (args[1] as unknown[]).length;
          if (prop === 'addOutcomes')
            tallyOutcomes(outcomes, args[1] as LabelOutcome[]);
        });
      };
    },
  });
  return { store: proxy, times, outcomes };
}
