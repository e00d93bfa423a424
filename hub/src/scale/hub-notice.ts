import type { LobbyMessage, MatchEvent, MatchState } from '@bianshi/shared';
import { z } from 'zod';

/** What the organizer asked of one lobby screen (it may be connected to another hub). */
export type ScreenAction =
  | { type: 'rename'; name: string }
  | { type: 'send'; message: Extract<LobbyMessage, { type: 'message' | 'identify' }> }
  | { type: 'dismiss'; farewell: Extract<LobbyMessage, { type: 'move' | 'disconnect' }> };

/**
 * Everything one hub tells the others, as one union tagged by `type`: timers and matches,
 * lobbies, Workbench documents. It is validated when it arrives ({@link readHubNotice}) and
 * handed to its domain by one exhaustive switch ({@link familyOf}), whichever way it came
 * (Redis, or Postgres while Redis is down).
 *
 * Only `change`, `screen`, `lobby-screen` and the document updates carry data (a change is hot:
 * every command; a screen's name and an update live with their connection, in no table); the
 * others say what moved and each hub re-reads it from the database, so a late or reordered
 * notice never applies stale facts.
 */
export type HubNotice =
  /** A committed match change. */
  | {
      type: 'change';
      matchId: string;
      version: number;
      state: MatchState;
      events: MatchEvent[];
      hubId: string;
    }
  /** A match reached `version` (a change told without its state, through Postgres while Redis is down): re-read it. */
  | { type: 'stale'; matchId: string; version: number; hubId: string }
  /** A timer's facts (name, description, settings, privacy) changed. */
  | { type: 'timer'; timerId: string; hubId: string }
  /** A timer moved on to another current match; screens following it move too. */
  | { type: 'current'; timerId: string; matchId: string; hubId: string }
  /** Credentials on a timer were revoked (control key rotated, member removed, view key set): sessions are checked again. */
  | { type: 'access'; timerId: string; hubId: string }
  /** An account's sessions ended (one, by the hash of its token, or all): its sockets are closed. */
  | { type: 'signout'; userId: string; tokenHash: string | null; hubId: string }
  /** A tournament's data changed (committed; `version` is its new version): its watchers re-read it. */
  | { type: 'tournament'; tournamentId: string; version: number; hubId: string }
  /** A controller named one of a timer's screens: the hub holding that screen renames it and tells it. */
  | { type: 'screen'; timerId: string; screenId: string; name: string; hubId: string }
  /** A lobby's facts were committed at `version`: reload them from the database. */
  | { type: 'lobby-facts'; lobbyId: string; version: number; hubId: string }
  /** An action for a lobby screen that may be connected to another hub. */
  | { type: 'lobby-screen'; lobbyId: string; screenId: string; action: ScreenAction; hubId: string }
  /** A document update (already stored by the sending hub) or a presence update, base64. */
  | { type: 'doc-update' | 'doc-awareness'; documentId: string; data: string; hubId: string }
  /** A document was deleted: its sockets close (`not-found`) and it unloads. */
  | { type: 'doc-removed'; documentId: string; hubId: string }
  /** Someone's access to a project changed (`userId` null: invite links or everyone): its sockets are checked again. */
  | { type: 'doc-access'; projectId: string; userId: string | null; hubId: string };

export type HubNoticeType = HubNotice['type'];

/** The domain a notice is for. */
export type NoticeFamily = 'match' | 'lobby' | 'doc';

/** The notices of one family. */
export type FamilyNotice<F extends NoticeFamily> = F extends 'lobby'
  ? Extract<HubNotice, { type: 'lobby-facts' | 'lobby-screen' }>
  : F extends 'doc'
    ? Extract<HubNotice, { type: 'doc-update' | 'doc-awareness' | 'doc-removed' | 'doc-access' }>
    : Exclude<HubNotice, { type: `lobby-${string}` | `doc-${string}` }>;

/** Which domain handles `notice`: the one switch every kind passes (a new kind fails to compile here). */
export function familyOf(notice: HubNotice): NoticeFamily {
  switch (notice.type) {
    case 'change':
    case 'stale':
    case 'timer':
    case 'current':
    case 'access':
    case 'signout':
    case 'tournament':
    case 'screen':
      return 'match';
    case 'lobby-facts':
    case 'lobby-screen':
      return 'lobby';
    case 'doc-update':
    case 'doc-awareness':
    case 'doc-removed':
    case 'doc-access':
      return 'doc';
    default: {
      const unknown: never = notice;
      throw new Error(`unknown hub notice ${JSON.stringify(unknown)}`);
    }
  }
}

const id = z.string().min(1).max(200);
const hubId = id;
const version = z.number().int().nonnegative();
/** Lobby messages as the hub itself builds them: checked for their tag, relayed as they are. */
const lobbyMessage = <T extends string>(...types: [T, ...T[]]) => z.looseObject({ type: z.enum(types) });

const screenAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('rename'), name: z.string().max(200) }),
  z.object({ type: z.literal('send'), message: lobbyMessage('message', 'identify') }),
  z.object({ type: z.literal('dismiss'), farewell: lobbyMessage('move', 'disconnect') }),
]);

/**
 * The wire form of every notice. A match change's state and events are checked for their shape
 * (an object, a list of tagged events), not field by field: they are the room's own output,
 * committed by the sending hub, and the hot path of every command.
 */
const hubNoticeSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('change'),
    matchId: id,
    version,
    state: z.looseObject({}),
    events: z.array(z.looseObject({ type: z.string() })),
    hubId,
  }),
  z.object({ type: z.literal('stale'), matchId: id, version, hubId }),
  z.object({ type: z.literal('timer'), timerId: id, hubId }),
  z.object({ type: z.literal('current'), timerId: id, matchId: id, hubId }),
  z.object({ type: z.literal('access'), timerId: id, hubId }),
  z.object({ type: z.literal('signout'), userId: id, tokenHash: z.string().max(200).nullable(), hubId }),
  z.object({ type: z.literal('tournament'), tournamentId: id, version, hubId }),
  z.object({ type: z.literal('screen'), timerId: id, screenId: id, name: z.string().max(200), hubId }),
  z.object({ type: z.literal('lobby-facts'), lobbyId: id, version, hubId }),
  z.object({ type: z.literal('lobby-screen'), lobbyId: id, screenId: id, action: screenAction, hubId }),
  z.object({ type: z.enum(['doc-update', 'doc-awareness']), documentId: id, data: z.base64(), hubId }),
  z.object({ type: z.literal('doc-removed'), documentId: id, hubId }),
  z.object({ type: z.literal('doc-access'), projectId: id, userId: id.nullable(), hubId }),
]);

/** A notice heard from another hub, or null for anything that is not one (logged by the caller). */
export function readHubNotice(raw: string): HubNotice | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = hubNoticeSchema.safeParse(value);
  return parsed.success ? (parsed.data as HubNotice) : null;
}
