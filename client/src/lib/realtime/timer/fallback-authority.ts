/**
 * Organizer fallback authority, pure half: when a console's hub socket is down past the
 * reconnect schedule and the Supabase fallback is configured, the console keeps control. It
 * applies the shared reducer to its own state, logs `{command, at}` since the last hub version
 * it knew (`baseVersion`), and broadcasts `fallback-state` over the match channel. When the hub
 * answers again the log is replayed with `timer.replay`; on CONFLICT the organizer chooses which
 * state wins.
 *
 *   idle ──hub offline + fallback──▶ authority ──hub online, log──▶ replaying ──ok──▶ idle
 *     ▲                                 ▲  │ (hub online, no log)       │ conflict
 *     └─────────────────────────────────┼──┘                            ▼
 *                                       └──hub offline── replaying ◀─force── conflict ──keep server──▶ idle
 *                                       (a conflict waiting for the choice also falls back to authority when the hub goes)
 *
 * This file holds the log (append, persistence format) and the state machine; the side
 * effects (store, channel, replay call, storage) live in fallback-console.ts.
 */
import {
  apply,
  commandSchema,
  type Command,
  type CommandInput,
  type MatchEvent,
  type MatchState,
} from '@bianshi/shared';
import { z } from 'zod';
import { fallbackConsole as fallbackText } from '../../../i18n/zh-CN/fallback-console';

const t = fallbackText;

/** The most commands one replay may carry (`timer.replay` accepts 1–500). */
export const MAX_OFFLINE_COMMANDS = 500;

/** One command applied offline at server instant `at` (what `timer.replay` takes). */
export interface OfflineCommand {
  command: Command;
  at: number;
}

/** What the console did without the hub, since hub version `baseVersion` of match `matchId`. */
export interface OfflineLog {
  timerId: string;
  matchId: string;
  baseVersion: number;
  commands: OfflineCommand[];
  /** The state after the last command (what the screens were shown). */
  state: MatchState;
}

/** The outcome of applying one command offline. */
export type OfflineApplyResult =
  { ok: true; log: OfflineLog; events: MatchEvent[] } | { ok: false; message: string };

/**
 * Applies `command` at `atMs` (rounded to whole ms) on top of the log (or, with no log yet, on top of the last hub
 * state `hubState`, which becomes the base). Refused commands leave the log as it was.
 */
export function applyOffline(
  log: OfflineLog | null,
  start: { timerId: string; matchId: string; hubState: MatchState },
  input: CommandInput,
  atMs: number,
): OfflineApplyResult {
  // Whole milliseconds: the replay takes integer instants, and the hub must compute the same state.
  const at = Math.round(atMs);
  const parsed = commandSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: t.invalidCommand };
  const base: OfflineLog = log ?? {
    timerId: start.timerId,
    matchId: start.matchId,
    baseVersion: start.hubState.version,
    commands: [],
    state: start.hubState,
  };
  if (base.commands.length >= MAX_OFFLINE_COMMANDS) return { ok: false, message: t.tooMany };
  const result = apply(base.state, parsed.data, at);
  if (!result.ok) return { ok: false, message: result.error.message };
  return {
    ok: true,
    log: { ...base, commands: [...base.commands, { command: parsed.data, at }], state: result.state },
    events: result.events,
  };
}

/** The `fallback-state` broadcast of a log (events: the bells of the last step, cued once by screens). */
export function fallbackStatePayload(log: OfflineLog, events: readonly MatchEvent[] = []) {
  return {
    baseVersion: log.baseVersion,
    version: log.state.version,
    state: log.state,
    commands: log.commands,
    events: events.filter((event) => event.type === 'bell'),
  };
}

/** Where the authority stands. */
export type AuthorityPhase = 'idle' | 'authority' | 'replaying' | 'conflict';

/** How the last offline log ended (for a toast), numbered so each is told once. */
export interface AuthorityOutcome {
  kind: 'synced' | 'kept-server' | 'forced';
  seq: number;
}

/** The machine's state. */
export interface AuthorityState {
  phase: AuthorityPhase;
  log: OfflineLog | null;
  /** The next replay applies the log on top of the hub's state (`force`). */
  force: boolean;
  /** Why the hub refused the replay (shown in the dialog). */
  conflict: string | null;
  outcome: AuthorityOutcome | null;
}

/** What moves the machine. */
export type AuthorityEvent =
  /** The hub socket's status changed, or whether the fallback is usable. */
  | { type: 'link'; hubOnline: boolean; fallbackReady: boolean }
  /** A command was applied offline. */
  | { type: 'applied'; log: OfflineLog }
  /** The log was restored (a reload while commands were pending). */
  | { type: 'restored'; log: OfflineLog; hubOnline: boolean }
  | { type: 'replay-ok' }
  /** The hub refused the log: versions moved on (CONFLICT) or a command no longer applies. */
  | { type: 'replay-refused'; message: string }
  /** The organizer chose in the conflict dialog. */
  | { type: 'choose'; winner: 'server' | 'local' };

/** Nothing happened yet. */
export function initialAuthority(): AuthorityState {
  return { phase: 'idle', log: null, force: false, conflict: null, outcome: null };
}

function settled(state: AuthorityState, kind: AuthorityOutcome['kind']): AuthorityState {
  return {
    phase: 'idle',
    log: null,
    force: false,
    conflict: null,
    outcome: { kind, seq: (state.outcome?.seq ?? 0) + 1 },
  };
}

/** The next state after `event`. */
export function nextAuthority(state: AuthorityState, event: AuthorityEvent): AuthorityState {
  switch (event.type) {
    case 'link': {
      if (!event.hubOnline) {
        // Cut off: take over when the fallback is usable, or when commands are already pending.
        // A pending choice waits for the hub; meanwhile the organizer keeps control.
        if (state.phase === 'conflict') return { ...state, phase: 'authority', conflict: null };
        if (state.phase === 'idle') return event.fallbackReady ? { ...state, phase: 'authority' } : state;
        return { ...state, phase: 'authority' };
      }
      if (state.phase === 'authority')
        return state.log ? { ...state, phase: 'replaying' } : { ...state, phase: 'idle' };
      return state;
    }
    case 'applied':
      return state.phase === 'authority' ? { ...state, log: event.log } : state;
    case 'restored':
      return {
        ...state,
        log: event.log,
        phase: event.hubOnline ? 'replaying' : 'authority',
        force: false,
        conflict: null,
      };
    case 'replay-ok':
      return state.phase === 'replaying' ? settled(state, state.force ? 'forced' : 'synced') : state;
    case 'replay-refused':
      return state.phase === 'replaying' ? { ...state, phase: 'conflict', conflict: event.message } : state;
    case 'choose':
      if (state.phase !== 'conflict') return state;
      return event.winner === 'server'
        ? settled(state, 'kept-server')
        : { ...state, phase: 'replaying', force: true, conflict: null };
  }
}

/** Whether commands are applied locally (true), refused for now (a message), or sent to the hub (null). */
export function commandRoute(state: AuthorityState): true | string | null {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'authority':
      return true;
    case 'replaying':
      return t.busyReplaying;
    case 'conflict':
      return t.busyConflict;
  }
}

const storedLogSchema = z.object({
  timerId: z.string().min(1),
  matchId: z.string().min(1),
  baseVersion: z.number().int().min(0),
  commands: z.array(z.object({ command: commandSchema, at: z.number() })).max(MAX_OFFLINE_COMMANDS),
  state: z.looseObject({
    version: z.number().int().min(0),
    format: z.looseObject({ stages: z.array(z.unknown()) }),
  }),
});

/** The sessionStorage key of a timer's offline log. */
export function offlineLogKey(timerId: string): string {
  return `bianshi:fallback-log:${timerId}`;
}

/** Serializes a log for sessionStorage. */
export function serializeLog(log: OfflineLog): string {
  return JSON.stringify(log);
}

/** Reads a stored log back; null when absent, malformed or of another timer. */
export function parseStoredLog(text: string | null, timerId: string): OfflineLog | null {
  if (!text) return null;
  try {
    const parsed = storedLogSchema.safeParse(JSON.parse(text));
    if (!parsed.success || parsed.data.timerId !== timerId || parsed.data.commands.length === 0) return null;
    return { ...parsed.data, state: parsed.data.state as unknown as MatchState };
  } catch {
    return null;
  }
}
