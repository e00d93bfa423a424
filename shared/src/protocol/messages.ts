import { z } from 'zod';
import type { MatchEvent, MatchState } from '../timer/index';
import { PRESENCE_ROLES } from './presence-roles';

export { PRESENCE_ROLES } from './presence-roles';

/** Who a watching screen says it is. `controller` needs the control capability. */
export const presenceRoleSchema = z.enum(PRESENCE_ROLES);
export type PresenceRole = z.infer<typeof presenceRoleSchema>;

/** Device kinds a screen reports (best effort, for the roster). */
export const deviceKindSchema = z.enum(['desktop', 'phone', 'tablet', 'tv', 'unknown']);
export type DeviceKind = z.infer<typeof deviceKindSchema>;

/** Counts of connected screens by role. */
export type PresenceCounts = Record<PresenceRole, number>;

/** One connected screen, as controllers see it. */
export interface RosterEntry {
  id: string;
  role: PresenceRole;
  name: string;
  device: DeviceKind;
  /** Server ms at which this screen connected. */
  connectedSince: number;
}

/** What every watcher may know about a timer. */
export interface TimerPublic {
  id: string;
  shortid: string;
  name: string;
  description: string;
  settings: Record<string, unknown>;
  /** True when watching needs the timer's view key (a private display link). */
  private?: boolean;
}

/**
 * How a screen's hub reaches the other hubs of a scaled-out deployment, when not as it should
 * (absent: all is well, or there is one hub). `backup`: Redis is down, match changes travel
 * through Postgres instead (in step, a little slower; presence counts this hub's screens only).
 * `unreachable`: no way through; screens on other hubs may show another time.
 */
export type PeerLink = 'backup' | 'unreachable';

/** The match state as sent in change messages: the format snapshot is sent once, in the snapshot. */
export type MatchStateDelta = Omit<MatchState, 'format'>;

/**
 * What `timer.watch` yields. Snapshot and change are tracked with id `<matchId>:<version>`
 * so a reconnecting client resumes exactly where it left off; ticks are not tracked.
 */
export type WatchMessage =
  | {
      type: 'snapshot';
      matchId: string;
      version: number;
      state: MatchState;
      timer: TimerPublic;
      serverNow: number;
    }
  | {
      type: 'change';
      matchId: string;
      version: number;
      state: MatchStateDelta;
      events: MatchEvent[];
      serverNow: number;
    }
  | { type: 'timer'; timer: TimerPublic }
  | { type: 'tick'; serverNow: number; presence: PresenceCounts; roster?: RosterEntry[]; peers?: PeerLink }
  /** To one screen: a controller named it (it keeps the name when it reconnects). */
  | { type: 'renamed'; name: string };

/** The first message of a timer watch (also what a display's page carries, and draws from). */
export type WatchSnapshot = Extract<WatchMessage, { type: 'snapshot' }>;

/** Builds the tracked event id of a match version. */
export function trackedId(matchId: string, version: number): string {
  return `${matchId}:${version}`;
}

/** Reads a tracked event id back; null when it is not one of ours. */
export function parseTrackedId(id: string): { matchId: string; version: number } | null {
  const separator = id.lastIndexOf(':');
  if (separator <= 0) return null;
  const version = Number(id.slice(separator + 1));
  return Number.isInteger(version) && version >= 0 ? { matchId: id.slice(0, separator), version } : null;
}

/** Empty counts, one key per role. */
export function emptyPresence(): PresenceCounts {
  return { controller: 0, judge: 0, display: 0, audience: 0 };
}
