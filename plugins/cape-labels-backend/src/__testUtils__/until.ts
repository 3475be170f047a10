import { setTimeout as sleep } from 'node:timers/promises';

/** Reads until `done` holds or `ms` pass, every 100 ms; returns the last value read. */
export async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const end = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < end) {
    await sleep(100);
    value = await read();
  }
  return value;
}
