import { deviceKindSchema, parseTrackedId, presenceRoleSchema } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { MatchRoom } from '../rooms/match-room';
import { Session, type SessionTransport } from '../rooms/session';
import { timerIdSchema } from '../trpc/procedures';
import type { Context } from '../trpc/context';
import { M } from './messages';
import { atLeast } from './roles';

/**
 * `timer.watch`: what a screen asks for, and how that becomes a session of a room. The tRPC
 * procedure and the WebSocket fast path (`transport/watch-fast-path.ts`) both go through here,
 * so they check and answer alike.
 */
export const watchInput = z.strictObject({
  timerId: timerIdSchema,
  matchId: z.string().min(1).max(64).optional(),
  role: presenceRoleSchema.default('display'),
  name: z.string().trim().max(40).optional(),
  device: deviceKindSchema.default('unknown'),
  lastEventId: z.string().max(200).nullish(),
});

export type WatchInput = z.infer<typeof watchInput>;

/** What a watch needs of its caller: the services and the credentials it presents. */
type WatchCaller = Pick<Context, 'services' | 'presentedKeys' | 'user'>;

/**
 * The room a watch asks for. Screens that only watch a timer's current match are resolved from
 * the loaded rooms without a query; controllers (and anything not loaded) go to the database,
 * which also checks the claimed role. Private timers (view keys) always take the checked path.
 */
async function watchedRoom(caller: WatchCaller, input: WatchInput): Promise<MatchRoom> {
  if (input.role !== 'controller' && input.matchId === undefined) {
    const loaded = caller.services.rooms.currentRoomOf(input.timerId);
    if (loaded && !loaded.isPrivate) return loaded;
  }
  const timer = await caller.services.timers.get(input.timerId);
  if (input.role === 'controller' && !atLeast(await caller.services.timers.roleOf(timer, caller), 'controller')) {
    throw new HubError('FORBIDDEN', M.roleNeedsControl, 'control-required');
  }
  return caller.services.timers.room(timer, input.matchId);
}

/** Resolves the room a watch asks for and creates its session (not yet attached), checking the claimed role. */
export async function openWatch(caller: WatchCaller, input: WatchInput, transport: SessionTransport): Promise<{ room: MatchRoom; session: Session }> {
  const room = await watchedRoom(caller, input);
  const session = new Session(
    {
      id: newId(),
      role: input.role,
      name: input.name || '未命名屏幕',
      device: input.device,
      connectedSince: caller.services.clock.now(),
      followsTimer: input.matchId === undefined,
    },
    transport,
  );
  return { room, session };
}

/** The version to resume from, when the screen last saw this room's match (else it gets a snapshot). */
export function resumeVersion(room: MatchRoom, lastEventId: string | null | undefined): number | undefined {
  const last = lastEventId ? parseTrackedId(lastEventId) : null;
  return last?.matchId === room.matchId ? last.version : undefined;
}
