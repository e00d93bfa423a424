import type { MatchEvent, MatchState, PresenceCounts } from '@bianshi/shared';

/** Mirrors committed changes somewhere screens can follow without the hub. */
export interface ChangeMirror {
  mirror(matchId: string, state: MatchState, events: MatchEvent[], serverNow: number): void;
  /** Mirrors presence counts to a channel when they changed (throttled per channel). */
  presence(channel: string, counts: PresenceCounts, serverNow: number): void;
  close(): Promise<void>;
}

/** No mirror (Supabase not configured). */
export const noMirror: ChangeMirror = { mirror: () => {}, presence: () => {}, close: async () => {} };
