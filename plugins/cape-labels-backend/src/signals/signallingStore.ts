import type { RunCounts } from '@smartx-cape/plugin-cape-labels-common';
import type { RunStore } from '../database';
import type { RunProgressSignals } from './RunProgressSignals';

/**
 * One Tower's store that also signals every run start, progress write and run end.
 * The sweep already writes progress through the store, so signalling there needs no hook
 * in the sweep itself; a signal follows only a write that succeeded.
 */
export function signallingStore(
  store: RunStore,
  towerId: string,
  signals: RunProgressSignals,
): RunStore {
  const overrides: Pick<
    RunStore,
    'createRun' | 'updateRunCounts' | 'finishRun'
  > = {
    async createRun(run) {
      const created = await store.createRun(run);
      signals.publish({
        runId: created.id,
        towerId: created.towerId,
        status: created.status,
      });
      return created;
    },
    async updateRunCounts(runId: string, counts: RunCounts) {
      await store.updateRunCounts(runId, counts);
      signals.publish({ runId, towerId, status: 'running' });
    },
    async finishRun(runId, end) {
      const finished = await store.finishRun(runId, end);
      signals.publish({
        runId,
        towerId: finished.towerId,
        status: finished.status,
      });
      return finished;
    },
  };
  return new Proxy(store, {
    get(target, property) {
      if (Object.prototype.hasOwnProperty.call(overrides, property)) {
        return overrides[property as keyof typeof overrides];
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
