import type { PreSerialized } from '@bianshi/shared';
import type { Session } from './session';

/** Sessions a tick reaches before other work (a command's broadcast) gets its turn. */
export const TICK_SLICE = 512;

/** A tick's two frames: one for everyone, one with the roster for controllers (built on first use). */
export interface TickFrames {
  everyone: PreSerialized;
  controllers: () => PreSerialized;
}

/**
 * Sends one tick to a room's sessions. A room of more than {@link TICK_SLICE} sessions ticks in
 * slices, one per event-loop turn, so a change arriving meanwhile is not held up behind ten
 * thousand ticks: it goes out between two slices. Sessions that left since the tick began
 * (`present` says no) are skipped.
 */
export function sendTick(
  sessions: readonly Session[],
  frames: TickFrames,
  present: (session: Session) => boolean,
): void {
  let controllers: PreSerialized | null = null;
  const slice = (from: number) => {
    const end = Math.min(from + TICK_SLICE, sessions.length);
    for (let i = from; i < end; i++) {
      const session = sessions[i]!;
      if (!present(session)) continue;
      if (session.info.role === 'controller') {
        controllers ??= frames.controllers();
        session.push({ kind: 'plain', frame: controllers });
      } else {
        session.push({ kind: 'plain', frame: frames.everyone });
      }
    }
    if (end < sessions.length) setImmediate(slice, end);
  };
  slice(0);
}
