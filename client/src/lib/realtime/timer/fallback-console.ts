/**
 * Organizer fallback authority, effects half: wires the pure machine of fallback-authority.ts
 * to a console's timer store, the match's fallback channel, sessionStorage, `timer.replay` and
 * the console's signing key (certified by the hub with `fallback.certificate`, renewed while the
 * hub answers). Transport and state only; the console shows the phase, toasts and the dialog.
 */
import {
  CONSOLE_CERT_RENEW_MS,
  type CommandInput,
  type MatchEvent,
  type MatchState,
  type SignedText,
} from '@bianshi/shared';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { AppError, toAppError } from '../../api/errors';
import { session } from '../../browser/storage';
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
import { ConsoleSigningKey } from './fallback-signature';
import type { HubClient } from './runtime';
import type { TimerStore } from './timer.store';

/** A failed replay that says nothing about the log (hub not reachable yet) is retried after this long. */
export const REPLAY_RETRY_MS = 2_000;

/**
 * While in charge with a log, the newest state is broadcast again this often, so screens that
 * fall back later (their own reconnect schedule ran out after ours) are brought up to date.
 */
export const REBROADCAST_MS = 5_000;

/** How often a console checks whether its certificate is due for renewal. */
export const CERT_CHECK_MS = 60_000;

/** Whether this console can sign what it broadcasts (screens follow only signed states). */
export interface SigningState {
  /** `ready`: a certified key; `none`: not (yet) certified, or refused (no control, a private timer, no WebCrypto). */
  status: 'ready' | 'none';
}

/** A certificate the hub gave this console's key. */
interface HeldCertificate {
  signed: SignedText;
  timerId: string;
  /** Server ms at which this console received it. */
  issuedAt: number;
  /** Server ms after which screens refuse it. */
  notAfter: number;
}

/** Hub refusals that mean this console may not sign for the timer (any more). */
const CERT_REFUSALS = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'BAD_REQUEST']);

/** What a console command routed through the authority returns (same shape as `useTimerCommands`). */
export type LocalCommandResult =
  { ok: true; version: number; state: MatchState } | { ok: false; error: AppError };

const CJK = /[\u3400-\u9fff]/;

/** Whether a replay failure is about the log (shown to the organizer) rather than the network. */
function refusal(error: unknown): string | null {
  const data = (error as { data?: { code?: unknown } } | null)?.data;
  const code = typeof data?.code === 'string' ? data.code : null;
  if (
    code === null ||
    code === 'TOO_MANY_REQUESTS' ||
    code === 'INTERNAL_SERVER_ERROR' ||
    code === 'SERVICE_UNAVAILABLE'
  )
    return null;
  // The hub's own words when they are Chinese (CONFLICT asks to choose); a Chinese status text otherwise.
  const app = toAppError(error);
  if (app.detail && CJK.test(app.detail)) return app.detail;
  return error instanceof Error && CJK.test(error.message) ? error.message : app.message;
}

/** The fallback authority of one console (one timer). */
export class FallbackConsole {
  /** The machine's state, for the console's badge and dialog. */
  readonly state: StoreApi<AuthorityState> = createStore<AuthorityState>(() => initialAuthority());
  /** Whether broadcasts can be signed, for the console's badge. */
  readonly signing: StoreApi<SigningState> = createStore<SigningState>(() => ({ status: 'none' }));
  private channels: FallbackChannels | null = null;
  private signingKey: Promise<ConsoleSigningKey | null> | null = null;
  private certificate: HeldCertificate | null = null;
  private renewing = false;
  private certCheck: ReturnType<typeof setInterval> | null = null;
  /** Signing is asynchronous: broadcasts go out one after another, in order. */
  private sending: Promise<void> = Promise.resolve();
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
      this.dispatch({
        type: 'restored',
        log: restored,
        hubOnline: this.store.getState().status === 'online',
      });
    }
    this.sync();
    const unsubscribe = this.store.subscribe((now, before) => {
      if (now.status !== before.status) {
        this.sync();
        if (now.status === 'online') void this.renewCertificate();
      }
    });
    this.certCheck = setInterval(() => void this.renewCertificate(), CERT_CHECK_MS);
    return () => {
      this.stopped = true;
      unsubscribe();
      if (this.retry) clearTimeout(this.retry);
      if (this.certCheck) clearInterval(this.certCheck);
      this.certCheck = null;
      this.leaveChannel();
    };
  }

  /** The fallback is configured (system.info said so); null when it is not. */
  setChannels(channels: FallbackChannels | null): void {
    this.channels = channels;
    this.sync();
    void this.renewCertificate();
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
    if (timer.state === null || timer.matchId === null)
      return { ok: false, error: new AppError({ kind: 'unknown' }) };
    const current = this.state.getState().log;
    const result = applyOffline(
      current,
      { timerId: this.timerId, matchId: timer.matchId, hubState: timer.state },
      command,
      timer.clock.now(),
    );
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
    this.dispatch({
      type: 'link',
      hubOnline: status === 'online',
      fallbackReady: this.channels !== null && state !== null && status === 'offline',
    });
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
      if (log) this.broadcast(log);
      this.rebroadcast = setInterval(() => {
        const latest = this.state.getState().log;
        if (latest) this.broadcast(latest);
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
    this.broadcast(log, events);
  }

  /**
   * Signs a state of the log and sends it on the channel. Without a certified key nothing is
   * sent: screens would drop it (the console still runs the match; its badge says so).
   */
  private broadcast(log: OfflineLog, events: readonly MatchEvent[] = []): void {
    const handle = this.handle;
    const certificate = this.certificate;
    const key = this.signingKey;
    if (!handle || !certificate || !key) return;
    if (this.store.getState().clock.now() > certificate.notAfter) {
      // Cut off for longer than the certificate lasts: screens would refuse what we sign.
      this.signing.setState({ status: 'none' });
      return;
    }
    const body = {
      kind: FALLBACK_EVENTS.consoleState,
      matchId: log.matchId,
      timerId: certificate.timerId,
      ...fallbackStatePayload(log, events),
    };
    this.sending = this.sending
      .then(async () => {
        const signer = await key;
        if (signer) handle.send(FALLBACK_EVENTS.consoleState, await signer.seal(body, certificate.signed));
      })
      .catch(() => undefined);
  }

  /**
   * Gets (or renews, when older than {@link CONSOLE_CERT_RENEW_MS}) the hub's certificate for
   * this console's key, while the hub answers and the fallback is configured. A refusal (control
   * revoked, a private timer) drops the certificate held: this console no longer signs.
   */
  private async renewCertificate(): Promise<void> {
    const { status, clock } = this.store.getState();
    if (this.stopped || this.renewing || this.channels === null || status !== 'online') return;
    if (this.certificate && clock.now() - this.certificate.issuedAt < CONSOLE_CERT_RENEW_MS) return;
    this.renewing = true;
    try {
      this.signingKey ??= ConsoleSigningKey.generate();
      const key = await this.signingKey;
      if (!key) return;
      const answer = await this.client.fallback.certificate.mutate({
        timerId: this.timerId,
        publicKey: key.publicKey,
      });
      this.certificate = {
        signed: answer.certificate,
        timerId: answer.timerId,
        notAfter: answer.notAfter,
        issuedAt: clock.now(),
      };
      this.signing.setState({ status: 'ready' });
    } catch (error) {
      const code = (error as { data?: { code?: unknown } } | null)?.data?.code;
      if (typeof code === 'string' && CERT_REFUSALS.has(code)) {
        this.certificate = null;
        this.signing.setState({ status: 'none' });
      }
      // Otherwise (the hub not reachable): keep the certificate held, try again at the next check.
    } finally {
      this.renewing = false;
    }
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
      if (fresh.matchId === matchId || this.store.getState().matchId === matchId)
        this.store.getState().replaceState(fresh.matchId, fresh.state as MatchState);
    } catch {
      // The next hub change replaces the provisional state anyway (its version passes the base).
    }
  }
}
