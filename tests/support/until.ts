/**
 * Polling waits for tests whose subject has no event to wait on. These are the only timed waits
 * the tests may use (lint refuses fixed sleeps everywhere else in tests/ and scripts/).
 */

/** Lets `ms` pass between two reads of a poll: the one place a bare timer stands in for an event. */
// eslint-disable-next-line no-restricted-syntax -- the interval of the polling helpers below, not a wait in a test
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Reads `read()` every `intervalMs` until `ok` holds for its value, and returns that value; throws after `timeoutMs`. */
export async function until<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 20_000,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await pause(intervalMs);
    value = await read();
  }
  return value;
}

/** Waits until `predicate()` holds, checking every 20 ms; throws after `timeoutMs`. */
export async function untilTrue(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  await until(predicate, (holds) => holds, timeoutMs, 20);
}

/**
 * Watches `read()` every `intervalMs` for `forMs` and throws at the first value for which `ok`
 * fails; returns the last value. For a test whose subject is that something does NOT happen over
 * a stretch of time (a paused clock holds still, no second bell rings), where no later event could
 * prove it: a watch over the whole window, not a blind sleep followed by one look.
 */
export async function holds<T>(
  read: () => T | Promise<T>,
  ok: (value: T) => boolean,
  forMs: number,
  intervalMs = 50,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (!ok(value))
      throw new Error(
        `condition broke after ${Date.now() - start} ms of ${forMs} ms; value ${JSON.stringify(value)}`,
      );
    if (Date.now() - start >= forMs) return value;
    await pause(intervalMs);
  }
}
