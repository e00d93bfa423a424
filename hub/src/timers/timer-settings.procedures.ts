import { createMatch, validateFormat, type Format } from '@bianshi/shared';
import { z } from 'zod';
import { TimerSettingsRepository } from './timer-settings.repository';
import { HubError } from '../lib/errors';
import { capabilityCookie, controlCookieName } from '../lib/cookies';
import { newId } from '../lib/ids';
import { secureCookies } from '../lib/site';
import type { TimerRecord } from './timer.repository';
import type { Context } from '../trpc/context';
import { router } from '../trpc/init';
import { timerProcedure } from './timer-access';
import { recordStatus } from './match-record';
import { FileStorageError } from '../uploads/file-storage';
import { UM } from '../uploads/messages';
import { removeReplacedUploads } from '../uploads/upload-retention';
import {
  SECTION_LABELS,
  SETTINGS_SECTIONS,
  parseSection,
  scheduleEntrySchema,
  sectionSchemas,
  settingsPatch,
  type ScheduleEntry,
} from './timer-settings.schemas';

const matchIdSchema = z.string().min(1).max(64);

/** The repository for this request's database (cheap; routers keep no module state). */
function repo(ctx: Context): TimerSettingsRepository {
  return new TimerSettingsRepository(ctx.services.database.db);
}

/** After a change was committed: every hub's screens hear of it; returns the fresh record. */
function publish(ctx: Context, timerId: string): Promise<TimerRecord> {
  return ctx.services.timers.changed(timerId);
}

/** What the management pages see of a timer (more than watchers: the next match's format). */
function managed(timer: TimerRecord) {
  return {
    id: timer.id,
    shortid: timer.shortid,
    name: timer.name,
    description: timer.description,
    settings: timer.settings,
    format: timer.format,
    currentMatchId: timer.currentMatchId,
    owned: timer.ownerId !== null,
    /** The view key of a private timer (its display link carries it), null when public. */
    viewKey: timer.viewKey,
    /** The judge link's key (`/timer/<id>?role=judge#judge=…`). */
    judgeKey: timer.judgeKey,
  };
}

function scheduleOf(timer: TimerRecord): Record<string, ScheduleEntry> {
  const raw = (timer.settings.schedule ?? {}) as Record<string, unknown>;
  const entries: Record<string, ScheduleEntry> = {};
  for (const [matchId, value] of Object.entries(raw)) {
    const parsed = scheduleEntrySchema.safeParse(value);
    if (parsed.success) entries[matchId] = parsed.data;
  }
  return entries;
}

function checkFormat(value: unknown): Format {
  const parsed = validateFormat(value);
  if (parsed.ok) return parsed.format;
  const first = parsed.errors[0];
  throw new HubError(
    'BAD_REQUEST',
    `赛制无效：${first ? `${first.path} ${first.message}` : ''}`,
    'format-invalid',
    { issues: parsed.errors },
  );
}

/** Every upload URL a settings value mentions must exist among the timer's uploads. */
async function requireUploads(ctx: Context, timer: TimerRecord, value: unknown): Promise<void> {
  const urls = JSON.stringify(value).match(/\/uploads\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+/g) ?? [];
  const store = ctx.services.uploads;
  for (const url of new Set(urls)) {
    const exists = await store.exists(timer.id, url).catch((error: unknown) => {
      if (error instanceof FileStorageError)
        throw new HubError('SERVICE_UNAVAILABLE', UM.storageUnavailable, 'storage-unavailable');
      throw error;
    });
    if (!exists) throw new HubError('BAD_REQUEST', `文件不存在或不属于这个计时器：${url}`, 'upload-missing');
  }
}

/**
 * The management pages of a timer: its facts, settings sections, the format of its next
 * matches, its control key and its schedule. Roles: controller reads and runs the schedule,
 * editor changes settings, formats and privacy, owner replaces the control key.
 */
export const manageRouter = router({
  /** Everything the management pages show. */
  get: timerProcedure('controller').query(({ ctx }) => ({ timer: managed(ctx.timer), role: ctx.timerRole })),

  /** Name and description. */
  updateInfo: timerProcedure('editor')
    .input(
      z.object({
        name: z.string().trim().min(1, { error: '名称不能为空' }).max(80, { error: '名称最多 80 个字符' }),
        description: z.string().trim().max(2_000),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await repo(ctx).updateInfo(ctx.timer.id, { name: input.name, description: input.description });
      return { timer: managed(await publish(ctx, ctx.timer.id)) };
    }),

  /** Saves one settings section (skin, teams, details, audio, display, logo), validated by its schema. */
  updateSettings: timerProcedure('editor')
    .input(z.object({ section: z.enum(SETTINGS_SECTIONS), value: z.unknown() }))
    .mutation(async ({ ctx, input }) => {
      const schema = sectionSchemas(ctx.timer.id)[input.section];
      const value = parseSection(schema, input.value, SECTION_LABELS[input.section]) as Record<
        string,
        unknown
      >;
      await requireUploads(ctx, ctx.timer, value);
      await repo(ctx).mergeSettings(ctx.timer.id, settingsPatch(input.section, value));
      const fresh = await publish(ctx, ctx.timer.id);
      // Saved either way: a file the storage could not delete now goes with the hourly sweep.
      await removeReplacedUploads(ctx.services.uploads, fresh.id, ctx.timer.settings, fresh.settings).catch(
        (error: unknown) =>
          ctx.services.logger.warn('replaced uploads not removed', {
            timerId: fresh.id,
            error: String(error),
          }),
      );
      return { timer: managed(fresh) };
    }),

  /**
   * Replaces the format the next matches start from. The current match takes it too while it
   * has not begun (a committed `setFormat` command, so every screen on every hub follows); a
   * match that has begun keeps its snapshot. With `startNewMatch` a fresh match on the new format
   * becomes current right away. `appliedToCurrent` says whether the current match took it.
   */
  setFormat: timerProcedure('editor')
    .input(z.object({ format: z.unknown(), startNewMatch: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => {
      const format = checkFormat(input.format);
      await repo(ctx).setFormat(ctx.timer.id, format);
      const timer = await ctx.services.timers.get(ctx.timer.id);
      const matchId = input.startNewMatch ? (await ctx.services.timers.startMatch(timer)).matchId : null;
      const appliedToCurrent =
        matchId === null && (await ctx.services.timers.applyFormatToCurrent(timer, format));
      return { timer: managed(await publish(ctx, timer.id)), matchId, appliedToCurrent };
    }),

  /** Imports a configuration file (format + settings) exported from another timer. */
  importConfig: timerProcedure('editor')
    .input(
      z.object({
        config: z.strictObject({
          kind: z.literal('bianshi-timer-config'),
          version: z.literal(1),
          name: z.string().max(80).optional(),
          format: z.unknown(),
          settings: z.record(z.string(), z.unknown()).default({}),
        }),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const format = checkFormat(input.config.format);
      const schemas = sectionSchemas(ctx.timer.id);
      const source = input.config.settings;
      // Uploads belong to the timer they were made for: they are not carried over.
      const sections: Partial<Record<(typeof SETTINGS_SECTIONS)[number], unknown>> = {
        teams: source.teams,
        details: { topic: source.topic ?? '', ...(source.details as object | undefined) },
        display: source.display,
        skin:
          typeof source.skin === 'object' && source.skin
            ? { ...(source.skin as object), backgroundImageUrl: undefined }
            : undefined,
        audio:
          typeof source.audio === 'object' && source.audio
            ? { volume: (source.audio as { volume?: unknown }).volume ?? 1 }
            : undefined,
      };
      let patch: Record<string, unknown> = {};
      const skipped: string[] = [];
      for (const section of SETTINGS_SECTIONS) {
        const value = sections[section];
        if (value === undefined) continue;
        const parsed = schemas[section].safeParse(value);
        if (parsed.success)
          patch = { ...patch, ...settingsPatch(section, parsed.data as Record<string, unknown>) };
        else skipped.push(SECTION_LABELS[section]);
      }
      await repo(ctx).importConfig(ctx.timer.id, format, patch);
      return { timer: managed(await publish(ctx, ctx.timer.id)), skipped };
    }),

  /**
   * Replaces the control key: the old one (links, cookies, API bearer, sockets already open on
   * any hub) stops working at once. The new key is returned once and this browser's cookie is
   * moved to it.
   */
  regenerateControlKey: timerProcedure('owner').mutation(async ({ ctx }) => {
    const controlKey = await ctx.services.timers.rotateControlKey(ctx.timer);
    ctx.setHeader?.(
      'set-cookie',
      capabilityCookie(controlCookieName(ctx.timer.id), controlKey, secureCookies(ctx.services.config)),
    );
    return { controlKey };
  }),

  /**
   * Makes the timer private with a new view key (display links without it stop working, and
   * screens open with an old one close, on every hub), or public again.
   */
  setPrivate: timerProcedure('editor')
    .input(z.object({ private: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const viewKey = await ctx.services.timers.setPrivate(ctx.timer, input.private);
      return { viewKey, timer: managed(await ctx.services.timers.get(ctx.timer.id)) };
    }),

  /** The timer's matches, newest first, with their planned times and which is current. */
  matches: timerProcedure('controller').query(async ({ ctx }) => {
    const schedule = scheduleOf(ctx.timer);
    const matches = await repo(ctx).listMatches(ctx.timer.id);
    return {
      currentMatchId: ctx.timer.currentMatchId,
      // The status words of records and exports (recordStatus): a planned match is 未开始, not 未完成.
      matches: matches.map((match) => ({
        ...match,
        status: recordStatus(match.status, match.id, ctx.timer.currentMatchId),
        title: schedule[match.id]?.title ?? '',
        plannedAt: schedule[match.id]?.plannedAt ?? null,
      })),
    };
  }),

  /** Plans a match (from the current format) without making it current. */
  planMatch: timerProcedure('controller')
    .input(z.object({ entry: z.unknown() }))
    .mutation(async ({ ctx, input }) => {
      const entry = parseSection(scheduleEntrySchema, input.entry, '赛程');
      const id = newId();
      await repo(ctx).planMatch(
        {
          id,
          timerId: ctx.timer.id,
          state: createMatch(ctx.timer.format, { now: ctx.services.clock.now() }),
        },
        entry,
      );
      await publish(ctx, ctx.timer.id);
      return { matchId: id };
    }),

  /** Changes a match's title and planned time. */
  updatePlan: timerProcedure('controller')
    .input(z.object({ matchId: matchIdSchema, entry: z.unknown() }))
    .mutation(async ({ ctx, input }) => {
      const entry = parseSection(scheduleEntrySchema, input.entry, '赛程');
      if (!(await repo(ctx).recordSource(ctx.timer.id, input.matchId)))
        throw new HubError('NOT_FOUND', '找不到这场比赛', 'match-not-found');
      await repo(ctx).setScheduleEntry(ctx.timer.id, input.matchId, entry);
      await publish(ctx, ctx.timer.id);
      return { ok: true as const };
    }),

  /** Makes one of the timer's matches current; screens following the timer move to it. */
  makeCurrent: timerProcedure('controller')
    .input(z.object({ matchId: matchIdSchema }))
    .mutation(async ({ ctx, input }) => {
      const room = await ctx.services.timers.makeCurrent(ctx.timer, input.matchId);
      return { matchId: room.matchId };
    }),

  /** Starts a new match from the timer's format (optionally titled) and makes it current. */
  startMatch: timerProcedure('controller')
    .input(z.object({ entry: z.unknown().optional() }))
    .mutation(async ({ ctx, input }) => {
      const entry = input.entry === undefined ? null : parseSection(scheduleEntrySchema, input.entry, '赛程');
      const room = await ctx.services.timers.startMatch(ctx.timer, entry);
      return { matchId: room.matchId };
    }),

  /** What a match's record derives from: its format snapshot, creation instant and command log. */
  matchRecord: timerProcedure('controller')
    .input(z.object({ matchId: matchIdSchema }))
    .query(async ({ ctx, input }) => {
      const source = await repo(ctx).recordSource(ctx.timer.id, input.matchId);
      if (!source) throw new HubError('NOT_FOUND', '找不到这场比赛', 'match-not-found');
      const entries = await ctx.services.repository.log(source.id);
      return {
        ...source,
        entries: entries.map((entry) => ({ command: entry.command, at: entry.at, events: entry.events })),
      };
    }),
});
