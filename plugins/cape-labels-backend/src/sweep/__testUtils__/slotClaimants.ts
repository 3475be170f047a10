import type { SweepSlots } from '../TowerSweeper';

/** A Tower of a replica's line: `owed` says whether its start is still owed; its starts are counted. */
export function claimant(taskId: string, owed = true) {
  const c = {
    taskId,
    owed,
    starts: 0,
    owesStart: async () => c.owed,
    startNow: () => {
      c.starts++;
    },
  };
  return c;
}

/** The signal of a task start that gives up waiting at once: it hands back whenever no slot is free. */
export const gaveUp = AbortSignal.abort();

let probes = 0;

/**
 * Whether a task would get a slot right now. A slot it gets is given back at once; without one it
 * stays in the line as a Tower never owed a start, so a slot freed later only passes it by.
 */
export async function slotFree(slots: SweepSlots): Promise<boolean> {
  probes++;
  const answer = await slots.take(claimant(`probe-${probes}`, false), gaveUp);
  if (answer.taken) answer.release();
  return answer.taken;
}
