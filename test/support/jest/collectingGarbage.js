/**
 * Makes a jest environment collect garbage when a test file's environment is torn down, once
 * the worker's heap is large.
 *
 * Why: `backstage-cli repo test` passes --workerIdleMemoryLimit=1000M, so jest restarts a worker
 * whose heap (garbage included) is above 1000 MB after a test file. When that happens after a
 * worker's last file, the restart races jest's shutdown: the freshly forked worker is the one
 * told to end, and on a busy 2-core machine it cannot boot and exit within jest's 500 ms, so jest
 * kills it and prints "A worker process has failed to exit gracefully". No handle leaks there.
 * Collected first, the heap that jest measures is what the tests really hold, far below the
 * limit, so workers are not restarted for garbage.
 */
const v8 = require('node:v8');
const vm = require('node:vm');

/** Above this heap (bytes used), a torn-down test file is followed by a full collection. */
const COLLECT_ABOVE_BYTES = 512 * 1024 * 1024;

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc');

/** `Environment`, with a full collection after its teardown once the heap is large. */
function collectingGarbage(Environment) {
  return class extends Environment {
    async teardown() {
      await super.teardown();
      if (process.memoryUsage().heapUsed > COLLECT_ABOVE_BYTES) collectGarbage();
    }
  };
}

module.exports = { collectingGarbage };
