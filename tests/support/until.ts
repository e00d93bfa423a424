/** Polling waits for tests whose subject has no event to wait on. */

/** Reads `read()` every `intervalMs` until `ok` holds for its value, and returns that value; throws after `timeoutMs`. */
export async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`condition not met in ${timeoutMs} ms; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}

/** Waits until `predicate()` holds, checking every 20 ms; throws after `timeoutMs`. */
export async function untilTrue(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  await until(predicate, (holds) => holds, timeoutMs, 20);
}
