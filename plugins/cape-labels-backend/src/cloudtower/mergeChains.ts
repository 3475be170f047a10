type Running<T> = {
  iterator: AsyncIterator<T>;
  /** The chain's next item, already requested; never rejects. */
  next: Promise<Step<T>>;
};

type Step<T> =
  | { running: Running<T>; result: IteratorResult<T> }
  | { running: Running<T>; error: unknown };

/**
 * Runs independent chains (each an ordered sequence, such as keyset pages) side by side, at most
 * `maxConcurrent` at once, and yields their items as they arrive. Each chain's own order is kept;
 * a running chain has one item requested ahead, so its next request is on the wire while the
 * current item is consumed. A chain that fails stops alone: the others run to their end, then
 * the first failure is thrown. If the consumer stops early, the running chains are closed.
 */
export async function* mergeChains<T>(
  chains: Array<() => AsyncIterable<T>>,
  maxConcurrent: number,
): AsyncGenerator<T> {
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
    throw new TypeError(
      `mergeChains: maxConcurrent must be a positive integer, got ${maxConcurrent}`,
    );
  }
  const waiting = [...chains];
  // Insertion order is the race order: a chain that just yielded goes to the back.
  const running = new Set<Running<T>>();
  const failures: unknown[] = [];

  const pull = (r: Running<T>) => {
    r.next = r.iterator.next().then(
      result => ({ running: r, result }),
      (error: unknown) => ({ running: r, error }),
    );
  };
  const startWaiting = () => {
    while (running.size < maxConcurrent && waiting.length > 0) {
      const chain = waiting.shift()!;
      const r = { iterator: chain()[Symbol.asyncIterator]() } as Running<T>;
      pull(r);
      running.add(r);
    }
  };

  try {
    startWaiting();
    while (running.size > 0) {
      const step = await Promise.race([...running].map(r => r.next));
      running.delete(step.running);
      if ('error' in step) {
        failures.push(step.error);
      } else if (!step.result.done) {
        pull(step.running);
        running.add(step.running);
        yield step.result.value;
        continue;
      }
      startWaiting();
    }
    if (failures.length > 0) throw failures[0];
  } finally {
    await Promise.allSettled([...running].map(r => r.iterator.return?.()));
  }
}
