/** A floor for the sweep's wall time, and what it is made of. */
type Floor = { ms: number; note: string };

/**
 * The floor of a sweep against a simulator that serves one request at a time: the larger of the
 * plan's request-latency floor (the dependency chain) and the simulator's CPU for the sweep,
 * which it spends serially whatever the sweeper does. Both are printed; the goal (wall ≤ 1.3× the
 * floor) is unchanged, only what the floor counts.
 */
export function serialSimulatorFloor(
  requests: Floor,
  simulatorCpuMs: number,
): Floor {
  const bySimulator = simulatorCpuMs > requests.ms;
  return {
    ms: Math.max(requests.ms, simulatorCpuMs),
    note:
      `max(request floor ${Math.round(requests.ms)} ms, simulator CPU ${Math.round(simulatorCpuMs)} ms)` +
      ` = ${bySimulator ? "the simulator's CPU" : 'the request floor'}; request floor: ${requests.note}`,
  };
}
