/**
 * Organizer fallback authority, effects half: wires the pure machine of fallback-authority.ts
 * to a console's timer store, the match's fallback channel, sessionStorage and `timer.replay`.
 * Transport and state only; the console shows the phase, toasts and the conflict dialog.
 */
import type { CommandInput, MatchEvent, MatchState } from '@bianshi/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { AppError, toAppError } from '../errors';
import { session } from '../storage';
import {
  applyOffline,
  commandRoute,
  fallbackStatePayload,
  initialAuthority,
  nextAuthority,
  offlineLogKey,
  parseStoredLog,
  serializeLog,
  type AuthorityEvent,
  type AuthorityState,
  type OfflineLog,
} from './fallback-authority';
import { FALLBACK_EVENTS } from './fallback';
import type { FallbackChannelHandle, FallbackChannels } from './fallback-channel';
import type { HubClient } from './runtime';
import type { TimerStore } from './timer.store';

/** A failed replay that says nothing about the log (hub not reachable yet) is retried after this long. */
export const REPLAY_RETRY_MS = 2_000;

/**
 * While in charge with a log, the newest state is broadcast again this often, so screens that
 * fall back later (their own reconnect schedule ran out after ours) are brought up to date.
 */
export const REBROADCAST_MS = 5_000;

/** What a console command routed through the authority returns (same shape as `useTimerCommands`). */
export type LocalCommandResult = { ok: true; version: number; state: MatchState } | { ok: false; error: AppError };

const CJK = /[\u3400-\u9fff]/;

/** Whether a replay failure is about the log (shown to the organizer) rather than the network. */
function refusal(error: unknown): string | null {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  const code = typeof data?.code === 'string' ? data.code : null;
  if (code === null || code === 'TOO_MANY_REQUESTS' || code === 'INTERNAL_SERVER_ERROR' || code === 'SERVICE_UNAVAILABLE') return null;
  // The hub's own words when they are Chinese (CONFLICT asks to choose); a Chinese status text otherwise.
  const app = toAppError(error);
  if (app.detail && CJK.test(app.detail)) return app.detail;
  return error instanceof Error && CJK.test(error.message) ? error.message : app.message;
}

/** The fallback authority of one console (one timer). */
export class FallbackConsole {
  /** The machine's state, for the console's badge and dialog. */
  readonly state: StoreApi<AuthorityState> = createStore<AuthorityState>(() => initialAuthority());
  private channels: FallbackChannels | null = null;
  private handle: FallbackChannelHandle | null = null;
  private handleMatch: string | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private rebroadcast: ReturnType<typeof setInterval> | null = null;
  private replaying = false;
  private stopped = false;

  constructor(
    private readonly timerId: string,
    private readonly store: TimerStore,
    private readonly client: HubClient,
  ) {}

  /** Starts following the store's connection; restores a log a reload left behind. Returns stop. */
  start(): () => void {
    this.stopped = false;
    const restored = parseStoredLog(session.get(offlineLogKey(this.timerId)), this.timerId);
    if (restored) {
      this.store.getState().acceptProvisional(restored.matchId, restored.state, restored.baseVersion);
      this.dispatch({ type: 'restored', log: restored, hubOnline: this.store.getState().status === 'online' });
    }
    this.sync();
    const unsubscribe = this.store.subscribe((now, before) => {
      if (now.status !== before.status) this.sync();
    });
    return () => {
      this.stopped = true;
      unsubscribe();
      if (this.retry) clearTimeout(this.retry);
      this.leaveChannel();
    };
  }

  /** The fallback is configured (system.info said so); null when it is not. */
  setChannels(channels: FallbackChannels | null): void {
    this.channels = channels;
    this.sync();
  }

  /** Whether a command goes to the hub (null), is applied here (true), or is refused for now (a message). */
  route(): true | string | null {
    return commandRoute(this.state.getState());
  }

  /** Applies a command locally at the server clock's now, logs it, shows it and broadcasts it. */
  run(command: CommandInput): LocalCommandResult {
    const route = this.route();
    if (route !== true) return { ok: false, error: new AppError({ kind: 'unknown', message: route ?? '' }) };
    const timer = this.store.getState();
    if (timer.state === null || timer.matchId === null) return { ok: false, error: new AppError({ kind: 'unknown' }) };
    const current = this.state.getState().log;
    const result = applyOffline(current, { timerId: this.timerId, matchId: timer.matchId, hubState: timer.state }, command, timer.clock.now());
    if (!result.ok) return { ok: false, error: new AppError({ kind: 'unknown', message: result.message }) };
    this.dispatch({ type: 'applied', log: result.log });
    this.show(result.log, result.events);
    return { ok: true, version: result.log.state.version, state: result.log.state };
  }

  /** The organizer's choice in the conflict dialog. */
  choose(winner: 'server' | 'local'): void {
    const before = this.state.getState();
    this.dispatch({ type: 'choose', winner });
    if (winner === 'server' && before.log) void this.adoptHubState(before.log.matchId);
  }

  private dispatch(event: AuthorityEvent): void {
    const before = this.state.getState();
    const after = nextAuthority(before, event);
    if (after === before) return;
    this.state.setState(after, true);
    if (after.log !== before.log) {
      if (after.log) session.set(offlineLogKey(this.timerId), serializeLog(after.log));
      else session.remove(offlineLogKey(this.timerId));
    }
    if (after.phase === 'replaying' && before.phase !== 'replaying') void this.replay();
    this.syncChannel();
  }

  /** Feeds the machine the store's connection and the fallback's availability. */
  private sync(): void {
    if (this.stopped) return;
    const { status, state } = this.store.getState();
    this.dispatch({ type: 'link', hubOnline: status === 'online', fallbackReady: this.channels !== null && state !== null && status === 'offline' });
    this.syncChannel();
  }

  /** Holds the match channel while the console is the authority (to broadcast), lets go otherwise. */
  private syncChannel(): void {
    const { phase, log } = this.state.getState();
    const matchId = log?.matchId ?? this.store.getState().matchId;
    const want = phase === 'authority' && this.channels !== null && matchId !== null;
    if (want && this.handleMatch !== matchId) {
      this.leaveChannel();
      const handle = this.channels!.join(matchId, {});
      this.handle = handle;
      this.handleMatch = matchId;
      // Send what we have now, and again now and then for screens that fall back later.
      if (log) handle.send(FALLBACK_EVENTS.consoleState, fallbackStatePayload(log));
      this.rebroadcast = setInterval(() => {
        const latest = this.state.getState().log;
        if (latest) handle.send(FALLBACK_EVENTS.consoleState, fallbackStatePayload(latest));
      }, REBROADCAST_MS);
    } else if (!want) {
      this.leaveChannel();
    }
  }

  private leaveChannel(): void {
    if (this.rebroadcast) clearInterval(this.rebroadcast);
    this.rebroadcast = null;
    this.handle?.release();
    this.handle = null;
    this.handleMatch = null;
  }

  private show(log: OfflineLog, events: readonly MatchEvent[]): void {
    const store = this.store.getState();
    store.acceptProvisional(log.matchId, log.state, log.baseVersion);
    store.cueBells(events);
    this.syncChannel();
    this.handle?.send(FALLBACK_EVENTS.consoleState, fallbackStatePayload(log, events));
  }

  private async replay(): Promise<void> {
    if (this.replaying || this.stopped) return;
    const { log, force } = this.state.getState();
    if (!log) return;
    this.replaying = true;
    try {
      const result = await this.client.timer.replay.mutate({
        timerId: this.timerId,
        matchId: log.matchId,
        baseVersion: log.baseVersion,
        commands: log.commands.map(({ command, at }) => ({ command, at })),
        force,
      });
      this.replaying = false;
      if (this.state.getState().log !== log) return;
      this.store.getState().replaceState(log.matchId, result.state as MatchState);
      this.dispatch({ type: 'replay-ok' });
    } catch (error) {
      this.replaying = false;
      const message = refusal(error);
      if (message !== null) {
        this.dispatch({ type: 'replay-refused', message });
        return;
      }
      // The hub is not reachable yet (or busy): try again while still replaying.
      this.retry = setTimeout(() => {
        this.retry = null;
        if (this.state.getState().phase === 'replaying') void this.replay();
      }, REPLAY_RETRY_MS);
    }
  }

  /** After the organizer kept the server's state: show the hub's state again. */
  private async adoptHubState(matchId: string): Promise<void> {
    try {
      const fresh = await this.client.timer.get.query({ id: this.timerId });
      if (fresh.matchId === matchId || this.store.getState().matchId === matchId) this.store.getState().replaceState(fresh.matchId, fresh.state as MatchState);
    } catch {
      // The next hub change replaces the provisional state anyway (its version passes the base).
    }
  }
}
