import { clientCommandSchema, screenNameSchema, trackedId, type MatchState } from '@bianshi/shared';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { capabilityCookie, controlCookieName } from '../lib/cookies';
import { HubError } from '../lib/errors';
import { absoluteLinks, secureCookies, siteBase } from '../lib/site';
import { NO_SLOT } from '../realtime/connection-budget';
import type { SessionTransport } from '../realtime/session';
import type { Context } from '../trpc/context';
import { publicProcedure, rateLimit, router, toTRPCError } from '../trpc/init';
import { authedMiddleware } from '../auth/auth-access';
import { timerIdSchema, timerProcedure } from './timer-access';
import { timerPublic } from './match.registry';
import { atLeast } from './roles';
import { outcomeError, timerUrls } from './outcome';
import { openWatch, resumeVersion, watchInput } from './watch';
import { requireOutsideCommand } from './timer.service';
import { M } from './messages';
import { shownResultOf } from './shown-result';
import { sheetFromSettings } from './match-record';

const createInput = z.strictObject({
  name: z.string().max(80).optional(),
  description: z.string().max(2_000).optional(),
  formatId: z.string().min(1).max(64).optional(),
  format: z.unknown().optional(),
  /** A private timer: its display needs the view key returned once here (and shown to controllers). */
  private: z.boolean().optional(),
});

const commandInput = z.object({
  timerId: timerIdSchema,
  matchId: z.string().min(1).max(64).optional(),
  command: clientCommandSchema,
  expectedVersion: z.number().int().min(0).optional(),
});

function socketTransport(ctx: Context): SessionTransport {
  const socket = ctx.socket;
  if (!socket) throw new HubError('BAD_REQUEST', '实时订阅只能通过 WebSocket 连接', 'websocket-required');
  return { bufferedAmount: () => socket.bufferedAmount, close: (code, reason) => socket.close(code, reason) };
}

/** Timers and their matches: create, watch, command. These names are an integration contract. */
export const timerRouter = router({
  create: publicProcedure
    .use(rateLimit((ctx) => ctx.services.limits.creates))
    .input(createInput)
    .mutation(async ({ ctx, input }) => {
      // Signed in: the account owns the timer; anonymous: the control key is the only capability.
      const admit = await ctx.services.commerce.entitlements.timerSlot(ctx.user?.id ?? null);
      const created = await ctx.services.timers.create({ ...input, ownerId: ctx.user?.id ?? null }, admit);
      return {
        id: created.timer.id,
        shortid: created.timer.shortid,
        matchId: created.matchId,
        controlKey: created.controlKey,
        viewKey: created.timer.viewKey,
        urls: absoluteLinks(
          siteBase(ctx.services.config, ctx.req),
          timerUrls(created.timer, created.controlKey),
        ),
      };
    }),

  /** Facts of a timer and its current match, by id or short id (a private timer's need its view key). */
  get: publicProcedure
    .input(z.strictObject({ id: timerIdSchema, viewKey: z.string().max(200).optional() }))
    .query(async ({ ctx, input }) => {
      const timer = await ctx.services.timers.get(input.id);
      await ctx.services.timers.requireView(timer, ctx, input.viewKey);
      const room = await ctx.services.timers.room(timer);
      const role = await ctx.services.timers.roleOf(timer, ctx);
      return {
        timer: timerPublic(timer),
        matchId: room.matchId,
        state: room.current,
        serverNow: ctx.services.clock.now(),
        role,
        canControl: atLeast(role, 'controller'),
        /** Whether an account owns the timer (the console then asks anonymous visitors to sign in). */
        owned: timer.ownerId !== null,
        /** A private timer's view key, for controllers (their share links carry it); else null. */
        viewKey: atLeast(role, 'controller') ? timer.viewKey : null,
      };
    }),

  /**
   * The command log of a match (the timer's current one by default): what records derive from.
   * The same rule as `manage.matchRecord`: the controller role.
   */
  log: timerProcedure('controller')
    .input(z.object({ matchId: z.string().min(1).max(64).optional() }))
    .query(async ({ ctx, input }) => {
      const room = await ctx.services.timers.room(ctx.timer, input.matchId);
      return { matchId: room.matchId, entries: await ctx.services.repository.log(room.matchId) };
    }),

  /** Exchanges a control key from a control link for an httpOnly cookie on this browser. */
  claimControl: publicProcedure
    .input(z.strictObject({ timerId: timerIdSchema, key: z.string().min(16).max(200) }))
    .mutation(async ({ ctx, input }) => {
      const timer = await ctx.services.timers.get(input.timerId);
      ctx.services.timers.requireControl(timer, [input.key]);
      ctx.setHeader?.(
        'set-cookie',
        capabilityCookie(controlCookieName(timer.id), input.key, secureCookies(ctx.services.config)),
      );
      return { timerId: timer.id, shortid: timer.shortid };
    }),

  /**
   * A screen watches a timer (its current match, following it to the next) or one match:
   * a snapshot first, then every change, tracked for resume; ticks with presence every second.
   */
  watch: publicProcedure.input(watchInput).subscription(async function* ({ ctx, input, signal }) {
    // Over WebSocket the fast path (transport/watch-fast-path.ts) usually serves this first;
    // it is the same watch, with frames written straight to the socket.
    // Subscriptions run after the middleware returned, so expected failures are mapped here.
    let release = NO_SLOT;
    const { room, session } = await (async () => {
      release = ctx.budget?.acquire('watch') ?? NO_SLOT;
      return openWatch(ctx, input, socketTransport(ctx));
    })().catch((error: unknown) => {
      release();
      throw error instanceof HubError ? toTRPCError(error) : error;
    });
    room.attach(session, resumeVersion(room, input.lastEventId));
    try {
      for await (const item of session.drain(signal ?? new AbortController().signal)) {
        if (item.kind === 'tracked') {
          yield tracked(item.id, item.frame);
        } else if (item.kind === 'plain') {
          yield item.frame;
        } else if (session.host) {
          const snapshot = session.host.snapshotFrame();
          yield tracked(trackedId(session.host.matchId, snapshot.version), snapshot.frame);
        }
      }
      // Revoked: the screen is told why (此计时器已设为私有…) before its socket closes.
      if (session.revokedBy) throw toTRPCError(session.revokedBy);
    } finally {
      session.end();
      session.host?.detach(session);
      release();
    }
  }),

  /** Sends one command to a match; needs at least the controller role. */
  command: timerProcedure('controller')
    .use(rateLimit((ctx) => ctx.services.limits.commands))
    .input(commandInput)
    .mutation(async ({ ctx, input }): Promise<{ version: number; state: MatchState }> => {
      const outcome = await ctx.services.timers.command(ctx.timer, input.matchId, input.command, {
        ...(input.expectedVersion === undefined ? {} : { expectedVersion: input.expectedVersion }),
        actor: `trpc:${ctx.transport}`,
      });
      if (!outcome.ok) throw outcomeError(outcome);
      return { version: outcome.version, state: outcome.state };
    }),

  /**
   * Shows a finished match's result on every display of every hub (在大屏显示结果), or hides it
   * (`show` false): the winner, 票型 and 最佳辩手 from the match record's result sheet, carried
   * in the match state's overlay like any overlay (and taken back by 撤销 like any command).
   */
  showResult: timerProcedure('controller')
    .use(rateLimit((ctx) => ctx.services.limits.commands))
    .input(
      z.object({ timerId: timerIdSchema, matchId: z.string().min(1).max(64).optional(), show: z.boolean() }),
    )
    .mutation(async ({ ctx, input }): Promise<{ version: number; state: MatchState }> => {
      const room = await ctx.services.timers.room(ctx.timer, input.matchId);
      let result = null;
      if (input.show) {
        if (room.current.finishedAt === null)
          throw new HubError('BAD_REQUEST', M.resultNeedsFinish, 'match-not-finished');
        const saved = await ctx.services.library.records.repository.result(room.matchId);
        result = shownResultOf(saved?.sheet ?? sheetFromSettings(ctx.timer.settings), room.current.format);
        if (result === null) throw new HubError('BAD_REQUEST', M.resultEmpty, 'result-empty');
      }
      const outcome = await room.command(
        { type: 'overlay', action: 'result', result },
        { actor: `trpc:${ctx.transport}` },
      );
      if (!outcome.ok) throw outcomeError(outcome);
      return { version: outcome.version, state: outcome.state };
    }),

  /**
   * Makes the signed-in account the owner of a timer nobody owns yet. Needs the control key
   * (cookie or bearer) — the anonymous creator's capability — which makes the caller its owner.
   */
  claim: timerProcedure('owner')
    .use(authedMiddleware)
    .mutation(async ({ ctx }) => {
      await ctx.services.members.claim(ctx.timer, ctx.user.id);
      return { timerId: ctx.timer.id, shortid: ctx.timer.shortid };
    }),

  /**
   * Replays what a console did while cut off from every hub (offline fallback authority).
   * Accepted when nothing else moved since `baseVersion`; otherwise CONFLICT with the hub's
   * state, and the organizer chooses: drop the offline commands, or replay them with `force`.
   */
  replay: timerProcedure('controller')
    .use(rateLimit((ctx) => ctx.services.limits.commands))
    .input(
      z.object({
        timerId: timerIdSchema,
        matchId: z.string().min(1).max(64),
        baseVersion: z.number().int().min(0),
        commands: z
          .array(z.object({ command: clientCommandSchema, at: z.number().int().min(0) }))
          .min(1)
          .max(500),
        force: z.boolean().default(false),
      }),
    )
    .mutation(async ({ ctx, input }): Promise<{ version: number; state: MatchState }> => {
      for (const { command } of input.commands) requireOutsideCommand(command);
      const room = await ctx.services.timers.room(ctx.timer, input.matchId);
      const outcome = await room.replay(input.baseVersion, input.commands, {
        force: input.force,
        actor: `replay:${ctx.transport}`,
      });
      if (!outcome.ok) throw outcomeError(outcome);
      return { version: outcome.version, state: outcome.state };
    }),

  /**
   * Starts a new match from the timer's format; screens following the timer move to it on
   * every hub. The same use case as `manage.startMatch` (`TimerService.startMatch`).
   */
  newMatch: timerProcedure('controller')
    .input(z.object({ timerId: timerIdSchema }))
    .mutation(async ({ ctx }) => {
      const room = await ctx.services.timers.startMatch(ctx.timer);
      return { matchId: room.matchId };
    }),

  /**
   * Names one of the timer's screens (a projector shows as 未命名屏幕 until named). The hub
   * holding it renames it, on whichever hub that is; the roster shows the name at the next tick
   * and the screen keeps it when it reconnects.
   */
  renameScreen: timerProcedure('controller')
    .input(z.object({ timerId: timerIdSchema, screenId: z.string().min(1).max(64), name: screenNameSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.timers.renameScreen(ctx.timer, input.screenId, input.name);
      return { ok: true as const };
    }),
});
