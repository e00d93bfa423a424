/**
 * A running clock as the hub reads it: for tests whose subject is time passing on a timer (a
 * speech that used 1.5 s, a stage run into overtime), to wait until the hub's own reading says so
 * instead of sleeping a guessed number of milliseconds.
 */
import { elapsed } from '@bianshi/shared';
import type { HubClient } from './trpc';
import { until } from './until';

/** Time used so far on the active clock of `timerId`'s current stage, at the hub's own `now` (0 for a stage without a clock). */
export async function usedOnHubMs(client: HubClient, timerId: string): Promise<number> {
  const { state, serverNow } = await client.timer.get.query({ id: timerId });
  return elapsed(state, serverNow) ?? 0;
}

/** Waits until the active clock of `timerId` has used at least `ms` by the hub's reading; returns that reading. */
export function untilUsedOnHub(
  client: HubClient,
  timerId: string,
  ms: number,
  timeoutMs = 20_000,
): Promise<number> {
  return until(
    () => usedOnHubMs(client, timerId),
    (used) => used >= ms,
    timeoutMs,
    20,
  );
}
