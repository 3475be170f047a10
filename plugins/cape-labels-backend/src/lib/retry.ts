import { setTimeout as sleep } from 'node:timers/promises';

/** A database away for a moment must not lose the record of what was already done on Tower. */
export async function withRetry<T>(
  work: () => Promise<T>,
  attempts = 5,
  firstDelayMs = 200,
): Promise<T> {
  let delay = firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await sleep(delay);
      delay *= 2;
    }
  }
}
