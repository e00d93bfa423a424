import { emptyPresence, type PresenceCounts, type RosterEntry } from '@bianshi/shared';
import type { Session } from './session';

/** Counts of sessions by role. */
export function countByRole(sessions: Iterable<Session>): PresenceCounts {
  const counts = emptyPresence();
  for (const session of sessions) counts[session.info.role] += 1;
  return counts;
}

/** The roster controllers see, oldest connection first. */
export function rosterOf(sessions: Iterable<Session>): RosterEntry[] {
  return [...sessions]
    .map(({ info }) => ({ id: info.id, role: info.role, name: info.name, device: info.device, connectedSince: info.connectedSince }))
    .sort((a, b) => a.connectedSince - b.connectedSince);
}
