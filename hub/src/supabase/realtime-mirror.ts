import { FALLBACK_EVENT } from '@bianshi/shared';
import type { Logger } from '../lib/logger';
import type { ChangeMirror } from '../realtime/change-mirror';
import type { FallbackSigner } from './fallback-signing';

/** The Realtime channel a match is mirrored to; clients follow it when the hub is unreachable. */
export function matchChannel(matchId: string): string {
  return `match:${matchId}`;
}

/** The Realtime channel a lobby's presence is mirrored to. */
export function lobbyChannel(lobbyId: string): string {
  return `lobby:${lobbyId}`;
}

/** The broadcast event names on a match channel (see shared/src/protocol/fallback-wire.ts). */
export const MIRROR_EVENTS = {
  /** The hub committed a change: signed `{kind, matchId, version, state, events, serverNow}` (full state, format included). */
  change: FALLBACK_EVENT.change,
  /** A console cut off from the hub runs the match locally: signed by the console, with the hub's certificate. */
  fallback: FALLBACK_EVENT.consoleState,
  /** Presence counts by role of a lobby (on `lobby:<id>`): `{counts, serverNow}`. */
  presence: 'presence',
} as const;

/** Presence is mirrored when it changed, at most this often per channel. */
export const PRESENCE_MIRROR_INTERVAL_MS = 2_000;

/** Sends at most this many messages per REST call; Realtime takes batches. */
const MAX_BATCH = 50;
/** Messages waiting beyond this are dropped oldest first (a newer state supersedes them). */
const MAX_PENDING = 500;

/**
 * Mirrors every committed match change to Supabase Realtime broadcast through its REST
 * endpoint (`POST /realtime/v1/api/broadcast`), batched, never blocking a command. When the
 * endpoint fails, the newest state per match is kept and sent on the next flush. Each change is
 * signed with the deployment's fallback key (`signer`): the channel is public, and screens drop
 * what the key did not sign.
 */
export function supabaseRealtimeMirror(options: {
  url: string;
  serviceKey: string;
  signer: FallbackSigner;
  logger: Logger;
  fetch?: typeof fetch;
}): ChangeMirror {
  const endpoint = `${options.url.replace(/\/$/, '')}/realtime/v1/api/broadcast`;
  const send = options.fetch ?? fetch;
  let pending: { topic: string; event: string; payload: unknown; private: boolean }[] = [];
  let flushing: Promise<void> | null = null;
  let scheduled = false;

  const flush = async (): Promise<void> => {
    scheduled = false;
    while (pending.length > 0) {
      const batch = pending.slice(0, MAX_BATCH);
      try {
        const response = await send(endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            apikey: options.serviceKey,
            authorization: `Bearer ${options.serviceKey}`,
          },
          body: JSON.stringify({ messages: batch }),
          signal: AbortSignal.timeout(5_000),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        pending = pending.slice(batch.length);
      } catch (error) {
        options.logger.warn('realtime mirror failed; will retry with the newest state', {
          error: String(error),
        });
        // Keep only the newest message per topic: a newer state supersedes older ones.
        const newest = new Map(pending.map((message) => [message.topic, message]));
        pending = [...newest.values()];
        return;
      }
    }
  };

  const lastPresence = new Map<string, { key: string; at: number }>();

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      flushing = (flushing ?? Promise.resolve()).then(flush);
    });
  };

  return {
    mirror(matchId, state, events, serverNow) {
      pending.push({
        topic: matchChannel(matchId),
        event: MIRROR_EVENTS.change,
        payload: options.signer.seal({
          kind: MIRROR_EVENTS.change,
          matchId,
          version: state.version,
          state,
          events,
          serverNow,
        }),
        private: false,
      });
      if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
      schedule();
    },
    presence(channel, counts, serverNow) {
      const key = JSON.stringify(counts);
      const last = lastPresence.get(channel);
      if (last && (last.key === key || serverNow - last.at < PRESENCE_MIRROR_INTERVAL_MS)) return;
      lastPresence.set(channel, { key, at: serverNow });
      if (lastPresence.size > 10_000) lastPresence.delete(lastPresence.keys().next().value as string);
      pending.push({
        topic: channel,
        event: MIRROR_EVENTS.presence,
        payload: { counts, serverNow },
        private: false,
      });
      if (pending.length > MAX_PENDING) pending = pending.slice(-MAX_PENDING);
      schedule();
    },
    async close() {
      await flushing;
    },
  };
}
