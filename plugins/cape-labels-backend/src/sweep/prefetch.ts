/**
 * Iterates `source` one item ahead: the next item is requested as soon as the current one is
 * handed out, so a keyset page is on the wire while the previous one is being decided and
 * recorded. Keyset listing is a chain (each page needs the last id of the one before), so this
 * overlap is the only way to shorten it.
 */
export async function* prefetched<T>(
  source: AsyncIterable<T>,
): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  try {
    for (;;) {
      const result = await next;
      if (result.done) return;
      next = iterator.next();
      // If the consumer stops early, nobody awaits this one: its failure is not news.
      next.catch(() => undefined);
      yield result.value;
    }
  } finally {
    await iterator.return?.();
  }
}
