import { deviceKindSchema, parseTrackedId, presenceRoleSchema, type PresenceRole } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { MatchRoom } from './match-room';
import type { Session, SessionTransport } from '../realtime/session';
import { WatchSession } from './watch-session';
import { timerIdSchema } from './timer-access';
import type { Context } from '../trpc/context';
import { M } from './messages';
import type { TimerRecord } from './timer.repository';
import { atLeast, type TimerRole } from './roles';

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
  /** The view key of a private timer, from its display link (`#view=…` or `?key=…`). */
  viewKey: z.string().max(200).optional(),
  /** The judge key, from the timer's judge link (`#judge=…`): watching as a judge needs it or a role. */
  judgeKey: z.string().max(200).optional(),
});

export type WatchInput = z.infer<typeof watchInput>;

/** What a watch needs of its caller: the services and the credentials it presents. */
type WatchCaller = Pick<Context, 'services' | 'presentedKeys' | 'user'>;

/**
 * The timer role a presence role claim needs (null: anyone may claim it). Presence counts and
 * the roster show these roles, so a viewer must not pass for a judge or a controller. A judge
 * may also hold the judge link's key instead of the role.
 */
const CLAIM_NEEDS: Record<PresenceRole, { role: TimerRole; message: string; reason: string } | null> = {
  controller: { role: 'controller', message: M.roleNeedsControl, reason: 'control-required' },
  judge: { role: 'judge', message: M.judgeRequired, reason: 'judge-required' },
  display: null,
  audience: null,
};

/**
 * Why the caller may not watch `timer` as `input` asks, or null when it may. `opened` says the
 * watch was open before (a revocation checks it again): the reasons then say what changed, so the
 * screen can tell its audience (此计时器已设为私有) instead of a generic refusal.
 */
async function refusal(
  caller: WatchCaller,
  timer: TimerRecord,
  input: WatchInput,
  opened: boolean,
): Promise<HubError | null> {
  const timers = caller.services.timers;
  if (!(await timers.canView(timer, caller, input.viewKey))) {
    if (!opened && input.viewKey) return new HubError('FORBIDDEN', M.viewKeyWrong, 'view-key-wrong');
    if (!opened) return new HubError('UNAUTHORIZED', M.viewKeyRequired, 'view-key-required');
    return input.viewKey
      ? new HubError('FORBIDDEN', M.viewKeyChanged, 'view-key-changed')
      : new HubError('FORBIDDEN', M.timerMadePrivate, 'timer-private');
  }
  const needed = CLAIM_NEEDS[input.role];
  if (needed === null || atLeast(await timers.roleOf(timer, caller), needed.role)) return null;
  if (input.role === 'judge' && timers.holdsJudgeKey(timer, input.judgeKey)) return null;
  if (input.role === 'judge' && input.judgeKey)
    return new HubError(
      'FORBIDDEN',
      opened ? M.judgeKeyChanged : M.judgeKeyWrong,
      opened ? 'judge-key-changed' : 'judge-key-wrong',
    );
  if (opened) return new HubError('FORBIDDEN', M.revoked, 'access-revoked');
  return new HubError('FORBIDDEN', needed.message, needed.reason);
}

/**
 * The room a watch asks for. Screens that only watch a public timer's current match are
 * resolved from the loaded rooms without a query; controllers, judges, private timers (view keys)
 * and anything not loaded go to the database, which checks the view key and the claimed role.
 */
async function watchedRoom(caller: WatchCaller, input: WatchInput): Promise<MatchRoom> {
  if (CLAIM_NEEDS[input.role] === null && input.matchId === undefined) {
    const loaded = caller.services.rooms.currentRoomOf(input.timerId);
    if (loaded && !loaded.isPrivate) return loaded;
  }
  const timer = await caller.services.timers.get(input.timerId);
  const refused = await refusal(caller, timer, input, false);
  if (refused) throw refused;
  return caller.services.timers.room(timer, input.matchId);
}

/** Resolves the room a watch asks for and creates its session (not yet attached), checking the claimed role. */
export async function openWatch(
  caller: WatchCaller,
  input: WatchInput,
  transport: SessionTransport,
): Promise<{ room: MatchRoom; session: Session }> {
  const room = await watchedRoom(caller, input);
  if (input.role === 'display') await requireScreenSlot(caller.services, room);
  const session = new WatchSession(
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
  // A revocation (a new view, judge or control key, a removed member) checks the session again.
  session.mayStay = (timer) => refusal(caller, timer, input, true);
  return { room, session };
}

/** The version to resume from, when the screen last saw this room's match (else it gets a snapshot). */
export function resumeVersion(room: MatchRoom, lastEventId: string | null | undefined): number | undefined {
  const last = lastEventId ? parseTrackedId(lastEventId) : null;
  return last?.matchId === room.matchId ? last.version : undefined;
}

/**
 * A display screen past its timer's plan limit is refused (`plan-limit`). The count is this
 * hub's display sessions of the room plus every other hub's share (through the fan-out).
 */
async function requireScreenSlot(services: WatchCaller['services'], room: MatchRoom): Promise<void> {
  await services.commerce.entitlements.requireScreenSlot(room.timerId, async () => {
    const local = room.localPresence();
    if (services.fanout.kind === 'local') return local.counts.display;
    const shares = await services.fanout.exchangePresence(room.matchId, local, services.clock.now());
    return shares.reduce((sum, share) => sum + (share.counts.display ?? 0), 0);
  });
}
