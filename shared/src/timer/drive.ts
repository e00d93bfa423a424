/**
 * Driving a match through time without a hub: issue `expire` at every deadline up to an instant,
 * exactly as the hub's scheduler does. Used by tests, simulations and the offline client.
 */
import type { Command } from './command.schema';
import { nextDeadline } from './due-items';
import type { MatchEvent } from './match-event';
import type { MatchState } from './match-state';
import { apply } from './match.reducer';

/** One accepted command with its instant and events: the shape the hub logs. */
export interface DrivenEntry {
  command: Command;
  at: number;
  events: MatchEvent[];
}

/** Issues `expire` at each deadline ≤ `until`, in order. Returns the final state and the log of accepted expiries. */
export function driveUntil(state: MatchState, until: number): { state: MatchState; log: DrivenEntry[] } {
  const log: DrivenEntry[] = [];
  let current = state;
  for (
    let deadline = nextDeadline(current);
    deadline !== null && deadline <= until;
    deadline = nextDeadline(current)
  ) {
    const result = apply(current, { type: 'expire' }, deadline);
    if (!result.ok) throw new Error(`expire at deadline refused: ${result.error.code}`);
    current = result.state;
    log.push({ command: { type: 'expire' }, at: deadline, events: result.events });
  }
  return { state: current, log };
}
