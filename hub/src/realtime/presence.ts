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
    .map(({ info }) => ({
      id: info.id,
      role: info.role,
      name: info.name,
      device: info.device,
      connectedSince: info.connectedSince,
    }))
    .sort((a, b) => a.connectedSince - b.connectedSince);
}

/** Sums the presence shares of several hubs into one view of the room. */
export function mergePresence(shares: readonly { counts: PresenceCounts; roster: RosterEntry[] }[]): {
  counts: PresenceCounts;
  roster: RosterEntry[];
} {
  const counts = emptyPresence();
  const roster: RosterEntry[] = [];
  for (const share of shares) {
    for (const role of Object.keys(counts) as (keyof PresenceCounts)[])
      counts[role] += share.counts[role] ?? 0;
    roster.push(...share.roster);
  }
  roster.sort((a, b) => a.connectedSince - b.connectedSince);
  return { counts, roster };
}
