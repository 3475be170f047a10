/* eslint-disable no-console */
import { getHeapStatistics } from 'node:v8';
import { fmt } from './common';

type Sample = {
  atMs: number;
  rssMB: number;
  heapUsedMB: number;
  heapTotalMB: number;
  externalMB: number;
  arrayBuffersMB: number;
  mallocedMB: number;
};

const MB = 2 ** 20;

/**
 * Samples where the sweeper's memory is, once a second (`--memory-timeline`): RSS, V8 heap used
 * and committed, external memory and array buffers, and V8's own malloc. What is left of the RSS
 * is native (the SQLite store in memory, the allocator's free lists, code).
 */
export function startMemoryTimeline(everyMs = 1000) {
  const t0 = Date.now();
  const samples: Sample[] = [];
  const sample = () => {
    const m = process.memoryUsage();
    samples.push({
      atMs: Date.now() - t0,
      rssMB: m.rss / MB,
      heapUsedMB: m.heapUsed / MB,
      heapTotalMB: m.heapTotal / MB,
      externalMB: m.external / MB,
      arrayBuffersMB: m.arrayBuffers / MB,
      mallocedMB: getHeapStatistics().malloced_memory / MB,
    });
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return () => {
    clearInterval(timer);
    sample();
    // After a full collection (with --expose-gc): what the sweep left reachable.
    (globalThis as { gc?: () => void }).gc?.();
    sample();
    return samples;
  };
}

/** Prints about `rows` evenly spaced samples, the first and the last two (the last after GC) included. */
export function printMemoryTimeline(samples: Sample[], rows = 12) {
  const step = Math.max(1, Math.ceil(samples.length / rows));
  const picked = samples.filter(
    (_, i) => i % step === 0 || i >= samples.length - 2,
  );
  console.log(
    'memory timeline (MB; the last line after a full GC): t(s) rss heapUsed heapTotal external arrayBuffers malloced',
  );
  for (const s of picked)
    console.log(
      `  ${fmt(s.atMs / 1000, 1)} ${[s.rssMB, s.heapUsedMB, s.heapTotalMB, s.externalMB, s.arrayBuffersMB, s.mallocedMB].map(v => fmt(v, 1)).join(' ')}`,
    );
}
