import {
  LOBBY_IDENTIFY_MS,
  LOBBY_MAX_TIMERS,
  deviceKindSchema,
  lobbyCodeSchema,
  lobbyIdSchema,
  lobbyMessageTextSchema,
  lobbyModeSchema,
  lobbyVisibilitySchema,
  parseTrackedId,
  presenceRoleSchema,
  screenNameSchema,
} from '@bianshi/shared';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { capabilityCookie, controlCookieName } from '../lib/cookies';
import { HubError } from '../lib/errors';
import { secureCookies } from '../lib/site';
import { NO_SLOT } from '../realtime/connection-budget';
import { newId } from '../lib/ids';
import { lobbyPublic, type LobbyScreen } from './lobby-room';
import type { ScreenAction } from './lobby-bus';
import { organizerProcedure } from './lobby-access';
import { lobbyOwnershipProcedures } from './lobby-ownership.procedures';
import { LOBBY_TTL_MS, lobbyLinks, type LobbyRole } from './lobby.service';
import { L } from './messages';
import { Session } from '../realtime/session';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimit, router, toTRPCError } from '../trpc/init';

const secretSchema = z.string().min(1).max(200);
const screenIdSchema = z.string().min(1).max(64);
const timerRefsSchema = z.array(z.string().trim().min(1).max(300)).max(LOBBY_MAX_TIMERS);

const createInput = z.strictObject({
  name: z.string().trim().min(1).max(60),
  organizerName: z.string().trim().max(40).optional(),
  visibility: lobbyVisibilitySchema.default('public'),
  timers: timerRefsSchema.default([]),
});

const watchInput = z.strictObject({
  lobbyId: lobbyIdSchema,
  role: presenceRoleSchema.default('audience'),
  name: z.string().trim().max(40).optional(),
  device: deviceKindSchema.default('unknown'),
  /** The route the screen is on, shown in the organizer's roster. */
  route: z.string().max(300).default(''),
  token: secretSchema.optional(),
  judgeKey: secretSchema.optional(),
  lastEventId: z.string().max(300).nullish(),
});

const screenInput = z.object({ lobbyId: lobbyIdSchema, screenId: screenIdSchema });

/** Roles a screen may claim, by the caller's role in the lobby. */
const ALLOWED_PRESENCE: Record<LobbyRole, readonly string[]> = {
  organizer: ['controller', 'judge', 'display', 'audience'],
  judge: ['judge', 'display', 'audience'],
  guest: ['display', 'audience'],
};

/** Sets the organizer cookie on this browser (HTTP only; on WebSocket there is nowhere to set it). */
function setOrganizerCookie(ctx: Context, lobbyId: string, key: string): void {
  ctx.setHeader?.(
    'set-cookie',
    capabilityCookie(controlCookieName(lobbyId), key, secureCookies(ctx.services.config)),
  );
}

/** Carries out an action on one screen; NOT_FOUND when it has left. */
async function actOnScreen(
  ctx: Context,
  lobby: { id: string },
  screenId: string,
  action: ScreenAction,
): Promise<{ ok: true }> {
  const room = await ctx.services.lobbies.registry.room(lobby.id);
  if (!room || !ctx.services.lobbies.registry.actOnScreen(room, screenId, action))
    throw new HubError('NOT_FOUND', L.screenGone, 'screen-gone');
  return { ok: true };
}

/** Lobbies: list, create, join by code, watch, and the organizer's remote screen control. */
export const lobbyRouter = router({
  ...lobbyOwnershipProcedures,

  /** Open (public, unexpired) lobbies with live match counts and viewers. */
  list: publicProcedure.query(({ ctx }) => ctx.services.lobbies.listPublic()),

  /** Creates a lobby; the creator's browser becomes its organizer (cookie), the key is shown once. */
  create: publicProcedure
    .use(rateLimit((ctx) => ctx.services.limits.creates))
    .input(createInput)
    .mutation(async ({ ctx, input }) => {
      const admit = await ctx.services.commerce.entitlements.lobbySlot(ctx.user?.id ?? null);
      const { lobby, organizerKey } = await ctx.services.lobbies.create(input, ctx, admit);
      setOrganizerCookie(ctx, lobby.id, organizerKey);
      return { id: lobby.id, code: lobby.code, organizerKey, links: lobbyLinks(lobby) };
    }),

  /** The lobby a 6-character code opens. Rate limited per address against guessing. */
  joinByCode: publicProcedure
    .use(rateLimit((ctx) => ctx.services.lobbies.codeLimiter, L.codeRateLimited))
    .input(z.strictObject({ code: lobbyCodeSchema }))
    .mutation(async ({ ctx, input }) => {
      const lobby = await ctx.services.lobbies.resolveCode(input.code);
      return { id: lobby.id, path: `/lobby/${lobby.id}` };
    }),

  /** A lobby's public facts and the caller's role; its links for the organizer. */
  get: publicProcedure
    .input(
      z.strictObject({
        lobbyId: lobbyIdSchema,
        token: secretSchema.optional(),
        judgeKey: secretSchema.optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const lobby = await ctx.services.lobbies.get(input.lobbyId);
      const role = ctx.services.lobbies.requireView(lobby, ctx, input);
      return {
        lobby: lobbyPublic(lobby),
        role,
        links: role === 'organizer' ? lobbyLinks(lobby) : null,
        serverNow: ctx.services.clock.now(),
      };
    }),

  /** Exchanges the organizer key of an organizer link for an httpOnly cookie on this browser. */
  claimOrganizer: publicProcedure
    .input(z.strictObject({ lobbyId: lobbyIdSchema, key: z.string().min(16).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const lobby = await ctx.services.lobbies.get(input.lobbyId);
      ctx.services.lobbies.requireOrganizerKey(lobby, input.key);
      setOrganizerCookie(ctx, lobby.id, input.key);
      return { lobbyId: lobby.id };
    }),

  /**
   * A screen joins a lobby: who it is, a snapshot (the lobby and every match it shows), then
   * lobby changes and relayed match changes, tracked for resume; ticks with presence every
   * second (the roster for organizers); frames for this screen alone. Ends after a disconnect
   * or move frame.
   */
  watch: publicProcedure.input(watchInput).subscription(async function* ({ ctx, input, signal }) {
    let release = NO_SLOT;
    const { room, screen } = await (async () => {
      release = ctx.budget?.acquire('lobby') ?? NO_SLOT;
      return openScreen(ctx, input);
    })().catch((error: unknown) => {
      release();
      throw error instanceof HubError ? toTRPCError(error) : error;
    });
    const last = input.lastEventId ? parseTrackedId(input.lastEventId) : null;
    room.attach(screen, last ? { key: last.matchId, version: last.version } : null);
    try {
      for await (const item of screen.session.drain(signal ?? new AbortController().signal)) {
        if (item.kind === 'tracked') {
          yield tracked(item.id, item.frame);
        } else if (item.kind === 'plain') {
          yield item.frame;
          if (item.frame === screen.farewell) return;
        } else {
          // A lagging screen: the latest snapshot, who it is, and its farewell if it has one.
          const snapshot = room.snapshotItem();
          yield tracked(snapshot.id, snapshot.frame);
          yield room.selfFrame(screen);
          if (screen.farewell) {
            yield screen.farewell;
            return;
          }
        }
      }
    } finally {
      screen.session.end();
      room.detach(screen);
      release();
    }
  }),

  /** Renames the lobby, changes who may join, the timers it shows, or extends its code. */
  update: organizerProcedure
    .input(
      z.object({
        name: z.string().trim().min(1).max(60).optional(),
        organizerName: z.string().trim().max(40).optional(),
        visibility: lobbyVisibilitySchema.optional(),
        timers: timerRefsSchema.optional(),
        extend: z.boolean().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const timerIds = input.timers ? await ctx.services.lobbies.resolveTimers(input.timers, ctx) : undefined;
      const featured =
        timerIds && ctx.lobby.featuredTimerId && !timerIds.includes(ctx.lobby.featuredTimerId)
          ? { featuredTimerId: timerIds[0] ?? null }
          : {};
      const updated = await ctx.services.lobbies.change(ctx.lobby, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.organizerName === undefined ? {} : { organizerName: input.organizerName }),
        ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
        ...(timerIds === undefined ? {} : { timerIds, ...featured }),
        ...(input.extend ? { expiresAt: ctx.services.clock.now() + LOBBY_TTL_MS } : {}),
      });
      return { lobby: lobbyPublic(updated), links: lobbyLinks(updated) };
    }),

  /** Features one match on every screen. */
  setFeatured: organizerProcedure
    .input(z.object({ timerId: z.string().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      const updated = await ctx.services.lobbies.change(ctx.lobby, { featuredTimerId: input.timerId });
      return { lobby: lobbyPublic(updated) };
    }),

  /** Switches every screen between the featured match and the grid. */
  setMode: organizerProcedure.input(z.object({ mode: lobbyModeSchema })).mutation(async ({ ctx, input }) => {
    const updated = await ctx.services.lobbies.change(ctx.lobby, { mode: input.mode });
    return { lobby: lobbyPublic(updated) };
  }),

  /** A message to every screen (stays until cleared), or to one screen (`screenId`). */
  message: organizerProcedure
    .input(z.object({ text: lobbyMessageTextSchema, screenId: screenIdSchema.optional() }))
    .mutation(async ({ ctx, input }) => {
      const message = { id: newId(), text: input.text, at: ctx.services.clock.now() };
      if (input.screenId)
        return actOnScreen(ctx, ctx.lobby, input.screenId, {
          type: 'send',
          message: { type: 'message', ...message },
        });
      await ctx.services.lobbies.change(ctx.lobby, { notice: message });
      return { ok: true as const };
    }),

  /** Takes the message off every screen. */
  clearMessage: organizerProcedure.mutation(async ({ ctx }) => {
    await ctx.services.lobbies.change(ctx.lobby, { notice: null });
    return { ok: true as const };
  }),

  /** Makes one screen flash its name, so the organizer can tell which one it is. */
  identify: organizerProcedure.input(screenInput).mutation(async ({ ctx, input }) => {
    const room = await ctx.services.lobbies.room(ctx.lobby);
    const name = room.screen(input.screenId)?.session.info.name ?? '';
    return actOnScreen(ctx, ctx.lobby, input.screenId, {
      type: 'send',
      message: { type: 'identify', name, durationMs: LOBBY_IDENTIFY_MS },
    });
  }),

  /** Renames one screen; the screen keeps the name across reconnects. */
  rename: organizerProcedure
    .input(screenInput.extend({ name: screenNameSchema }))
    .mutation(({ ctx, input }) =>
      actOnScreen(ctx, ctx.lobby, input.screenId, { type: 'rename', name: input.name }),
    ),

  /** Sends one screen to another lobby the caller organizes (by id or code). */
  move: organizerProcedure
    .input(screenInput.extend({ target: z.string().trim().min(1).max(64) }))
    .mutation(async ({ ctx, input }) => {
      const services = ctx.services.lobbies;
      const target = await services.find(input.target);
      if (!target || target.expiresAt <= ctx.services.clock.now())
        throw new HubError('NOT_FOUND', L.targetLobbyGone, 'target-lobby-gone');
      if (!services.isOrganizer(target, ctx))
        throw new HubError('FORBIDDEN', L.targetLobbyForbidden, 'target-lobby-forbidden');
      return actOnScreen(ctx, ctx.lobby, input.screenId, {
        type: 'dismiss',
        farewell: { type: 'move', lobbyId: target.id, path: lobbyLinks(target).join },
      });
    }),

  /** Disconnects one screen: its stream ends with a reason and it stops reconnecting. */
  disconnect: organizerProcedure.input(screenInput).mutation(({ ctx, input }) =>
    actOnScreen(ctx, ctx.lobby, input.screenId, {
      type: 'dismiss',
      farewell: { type: 'disconnect', reason: L.disconnected },
    }),
  ),
});

/** Resolves the lobby a watch asks for, checks the claimed role, and creates the screen. */
async function openScreen(
  ctx: Context,
  input: z.infer<typeof watchInput>,
): Promise<{ room: Awaited<ReturnType<Context['services']['lobbies']['room']>>; screen: LobbyScreen }> {
  const lobbies = ctx.services.lobbies;
  const lobby = await lobbies.get(input.lobbyId);
  const role = lobbies.requireView(lobby, ctx, input);
  if (!ALLOWED_PRESENCE[role].includes(input.role)) {
    throw new HubError(
      'FORBIDDEN',
      input.role === 'controller' ? L.organizerRoleNeedsKey : L.judgeKeyWrong,
      'role-not-allowed',
    );
  }
  const socket = ctx.socket;
  if (!socket) throw new HubError('BAD_REQUEST', '实时订阅只能通过 WebSocket 连接', 'websocket-required');
  const room = await lobbies.room(lobby);
  const session = new Session(
    {
      id: newId(),
      role: input.role,
      name: input.name || L.defaultScreenName,
      device: input.device,
      connectedSince: ctx.services.clock.now(),
      followsTimer: false,
    },
    { bufferedAmount: () => socket.bufferedAmount, close: (code, reason) => socket.close(code, reason) },
  );
  return { room, screen: { session, route: input.route, farewell: null } };
}
