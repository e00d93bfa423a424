/**
 * The Supabase realtime fallback, transport half: one lazily loaded `@supabase/supabase-js`
 * client per page and fallback configuration, and reference-counted `match:<id>` broadcast
 * channels shared by the screens of the page (a console's own watch and its fallback authority
 * follow the same channel), with the signature checks of what arrives (fallback-signature.ts,
 * loaded with supabase-js). Transport only: no store writes, no UI.
 */
import type * as SupabaseJs from '@supabase/supabase-js';
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import {
  FALLBACK_EVENTS,
  FALLBACK_REALTIME_OPTIONS,
  fallbackChannelName,
  type FallbackConfig,
  type FallbackMessage,
} from './fallback';
import type * as FallbackSignature from './fallback-signature';
import type { FallbackExpectation, FallbackVerifier } from './fallback-signature';

/** Where a channel subscription stands. */
export type FallbackChannelStatus = 'joining' | 'joined' | 'error';

/** What a user of a channel hears. */
export interface FallbackChannelListener {
  /** A broadcast arrived (event name and payload, not yet validated). */
  onMessage?(event: string, payload: unknown): void;
  onStatus?(status: FallbackChannelStatus): void;
}

/** One user's hold on a match channel. */
export interface FallbackChannelHandle {
  /**
   * Broadcasts `payload` as `event`. While the channel is still joining, only the newest payload
   * per event waits (each carries a full state) and goes out once joined.
   */
  send(event: string, payload: unknown): void;
  /** Lets go of the channel; the last user leaves it. */
  release(): void;
}

/** What the fallback loads when it is configured: supabase-js and the signature checks. */
interface FallbackModules {
  supabase: typeof SupabaseJs;
  signature: typeof FallbackSignature;
}

let modulePromise: Promise<FallbackModules> | null = null;

/**
 * Loads supabase-js and the signature checks (chunks of their own, out of the screens' first
 * download). Call early, while the hub that serves the chunks still answers: when the fallback
 * is needed, the hub may be gone.
 */
export function loadSupabase(): Promise<FallbackModules> {
  modulePromise ??= Promise.all([import('@supabase/supabase-js'), import('./fallback-signature')]).then(
    ([supabase, signature]) => ({ supabase, signature }),
    (error: unknown) => {
      modulePromise = null;
      throw error;
    },
  );
  return modulePromise;
}

interface ChannelEntry {
  users: Set<FallbackChannelListener>;
  status: FallbackChannelStatus;
  channel: RealtimeChannel | null;
  /** Newest unsent payload per event while joining. */
  pending: Map<string, unknown>;
  closed: boolean;
}

/** The fallback channels of one Supabase project, for one page. */
export class FallbackChannels {
  private client: SupabaseClient | null = null;
  /** Checks what arrives against the hub's key (the channels are public); there once supabase-js is. */
  private verifier: FallbackVerifier | null = null;
  private readonly entries = new Map<string, ChannelEntry>();

  constructor(readonly config: FallbackConfig) {}

  /**
   * A broadcast as a screen may believe it: signed by the hub, or by a console the hub certified
   * for `expected.timerId`, and for `expected.matchId`; null for anything else.
   */
  async verify(
    event: string,
    payload: unknown,
    expected: FallbackExpectation,
  ): Promise<FallbackMessage | null> {
    return this.verifier ? this.verifier.open(event, payload, expected) : null;
  }

  /** Joins (or shares) the channel of `matchId`. */
  join(matchId: string, listener: FallbackChannelListener): FallbackChannelHandle {
    let entry = this.entries.get(matchId);
    if (!entry) {
      entry = { users: new Set(), status: 'joining', channel: null, pending: new Map(), closed: false };
      this.entries.set(matchId, entry);
      void this.open(matchId, entry);
    }
    const joined = entry;
    joined.users.add(listener);
    listener.onStatus?.(joined.status);
    let released = false;
    return {
      send: (event, payload) => {
        if (released) return;
        if (joined.status === 'joined' && joined.channel)
          void joined.channel.send({ type: 'broadcast', event, payload });
        else joined.pending.set(event, payload);
      },
      release: () => {
        if (released) return;
        released = true;
        joined.users.delete(listener);
        if (joined.users.size === 0) this.close(matchId, joined);
      },
    };
  }

  private async open(matchId: string, entry: ChannelEntry): Promise<void> {
    let client: SupabaseClient;
    try {
      client = await this.supabase();
    } catch {
      this.setStatus(entry, 'error');
      return;
    }
    if (entry.closed) return;
    // Our own broadcasts do not come back (self: false); no acks (a full state follows anyway).
    const channel = client.channel(fallbackChannelName(matchId), {
      config: { broadcast: { self: false, ack: false } },
    });
    entry.channel = channel;
    for (const event of Object.values(FALLBACK_EVENTS)) {
      channel.on('broadcast', { event }, (message: { event: string; payload?: unknown }) => {
        for (const user of entry.users) user.onMessage?.(event, message.payload);
      });
    }
    channel.subscribe((status) => {
      if (entry.closed) return;
      if (status === 'SUBSCRIBED') {
        this.setStatus(entry, 'joined');
        const pending = [...entry.pending];
        entry.pending.clear();
        for (const [event, payload] of pending) void channel.send({ type: 'broadcast', event, payload });
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') {
        // realtime-js rejoins on its own schedule; the badge says we are not following yet.
        this.setStatus(entry, 'joining');
      }
    });
  }

  private close(matchId: string, entry: ChannelEntry): void {
    entry.closed = true;
    this.entries.delete(matchId);
    if (entry.channel && this.client) void this.client.removeChannel(entry.channel).catch(() => undefined);
  }

  private setStatus(entry: ChannelEntry, status: FallbackChannelStatus): void {
    if (entry.status === status) return;
    entry.status = status;
    for (const user of entry.users) user.onStatus?.(status);
  }

  private async supabase(): Promise<SupabaseClient> {
    if (this.client) return this.client;
    const { supabase, signature } = await loadSupabase();
    this.verifier ??= new signature.FallbackVerifier(this.config.signingKey);
    this.client ??= supabase.createClient(this.config.supabaseUrl, this.config.anonKey, {
      // Screens never sign in to Supabase here: a public broadcast channel needs only the anon key.
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { ...FALLBACK_REALTIME_OPTIONS },
    });
    return this.client;
  }
}

const pages = new Map<string, FallbackChannels>();

/** The fallback channels of a Supabase project (one set per page). */
export function fallbackChannelsFor(config: FallbackConfig): FallbackChannels {
  const key = `${config.supabaseUrl}|${config.anonKey}|${config.signingKey}`;
  let channels = pages.get(key);
  if (!channels) {
    channels = new FallbackChannels(config);
    pages.set(key, channels);
  }
  return channels;
}
