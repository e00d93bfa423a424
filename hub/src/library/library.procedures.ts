import { z } from 'zod';
import { TimerSettingsRepository } from '../timers/timer-settings.repository';
import { HubError } from '../lib/errors';
import type { Context } from '../trpc/context';
import { publicProcedure, router } from '../trpc/init';
import { adminProcedure, authedProcedure } from '../auth/auth-access';
import { timerProcedure } from '../timers/timer-access';

const id = z.string().min(1).max(64);
const query = z.string().max(100).default('');
const fileText = z.string().max(2_000_000, { error: '文件过大（最多 2 MB）' });
const importFormat = z.enum(['csv', 'json']);

/** Charges a file's characters to the caller's address before it is parsed (IMPORT_CHARS_LIMIT). */
async function chargeImport(ctx: Context, text: string): Promise<void> {
  const taken = await ctx.services.limits.importChars.attempt(ctx.ip, Math.max(1, text.length));
  if (!taken.ok) {
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    throw new HubError('TOO_MANY_REQUESTS', `导入的文件过多，请${seconds}秒后再试`, 'rate-limited', {
      retryAfterMs: taken.retryAfterMs,
    });
  }
}

/** Topic groups and topics (辩题库). */
const topicsRouter = router({
  /** The public library and the caller's own groups. */
  groups: publicProcedure.query(({ ctx }) => ctx.services.library.topics.groups(ctx)),
  /** Every topic the caller sees, for the client's full-text index. */
  all: publicProcedure.query(({ ctx }) => ctx.services.library.topics.all(ctx)),
  group: publicProcedure.input(z.strictObject({ id })).query(async ({ ctx, input }) => {
    const page = await ctx.services.library.topics.group(input.id, ctx);
    return { ...page, canEdit: ctx.services.library.topics.canEdit(page.group, ctx) };
  }),
  /** The owner asks for their group to join the public library; an admin reviews it. */
  publishGroup: authedProcedure
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) =>
      ctx.services.library.topics.publish(input.id, ctx, ctx.services.clock.now()),
    ),
  /** The owner withdraws a request or a public group: private again. */
  withdrawGroup: authedProcedure
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) =>
      ctx.services.library.topics.withdraw(input.id, ctx, ctx.services.clock.now()),
    ),
  /** Groups waiting for review (admins). */
  pendingGroups: adminProcedure.query(({ ctx }) => ctx.services.library.topics.pending()),
  /** An admin approves or rejects (with a note for the owner) a publish request. */
  reviewGroup: adminProcedure
    .input(
      z.strictObject({
        id,
        decision: z.enum(['approve', 'reject']),
        note: z.string().max(500, { error: '审核意见最多 500 个字符' }).default(''),
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.library.topics.review(input.id, input.decision, input.note, ctx.services.clock.now()),
    ),
  /** One topic (a workbench project links to it). */
  get: publicProcedure
    .input(z.strictObject({ id }))
    .query(({ ctx, input }) => ctx.services.library.topics.topic(input.id)),
  search: publicProcedure
    .input(
      z.strictObject({
        q: query,
        groupId: id.optional(),
        limit: z.number().int().min(1).max(200).default(50),
      }),
    )
    .query(({ ctx, input }) =>
      ctx.services.library.topics.search({
        viewer: ctx.user?.id ?? null,
        q: input.q,
        limit: input.limit,
        ...(input.groupId ? { groupId: input.groupId } : {}),
      }),
    ),
  createGroup: authedProcedure
    .input(z.strictObject({ group: z.unknown() }))
    .mutation(async ({ ctx, input }) => ({
      id: await ctx.services.library.topics.createGroup(input.group, ctx),
    })),
  updateGroup: authedProcedure
    .input(z.strictObject({ id, group: z.unknown() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.library.topics.updateGroup(input.id, input.group, ctx);
      return { ok: true as const };
    }),
  deleteGroup: authedProcedure.input(z.strictObject({ id })).mutation(async ({ ctx, input }) => {
    await ctx.services.library.topics.deleteGroup(input.id, ctx);
    return { ok: true as const };
  }),
  addTopic: authedProcedure
    .input(z.strictObject({ groupId: id, topic: z.unknown() }))
    .mutation(async ({ ctx, input }) => ({
      id: await ctx.services.library.topics.addTopic(input.groupId, input.topic, ctx),
    })),
  updateTopic: authedProcedure
    .input(z.strictObject({ id, topic: z.unknown() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.library.topics.updateTopic(input.id, input.topic, ctx);
      return { ok: true as const };
    }),
  deleteTopic: authedProcedure.input(z.strictObject({ id })).mutation(async ({ ctx, input }) => {
    await ctx.services.library.topics.deleteTopic(input.id, ctx);
    return { ok: true as const };
  }),
  /** Checks a file and returns the rows or every error; writes nothing (the import preview). */
  checkImport: publicProcedure
    .input(
      z.strictObject({ format: importFormat, text: fileText, defaultGroup: z.string().max(80).default('') }),
    )
    .mutation(async ({ ctx, input }) => {
      await chargeImport(ctx, input.text);
      return ctx.services.library.topics.check(input.format, input.text, input.defaultGroup);
    }),
  /** Imports a file into one group; nothing is written unless every row is valid. */
  import: authedProcedure
    .input(z.strictObject({ groupId: id, format: importFormat, text: fileText }))
    .mutation(async ({ ctx, input }) => {
      await chargeImport(ctx, input.text);
      return ctx.services.library.topics.import(input.format, input.text, {
        groupId: input.groupId,
        caller: ctx,
      });
    }),
  favourites: authedProcedure.query(({ ctx }) => ctx.services.library.topics.favourites(ctx.user.id)),
  setFavourite: authedProcedure
    .input(z.strictObject({ topicId: id, on: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.library.topics.setFavourite(ctx.user.id, input.topicId, input.on);
      return { ok: true as const };
    }),
  /** Puts a topic on a timer's display (editors of the timer). */
  useInTimer: timerProcedure('editor')
    .input(z.object({ topicId: id }))
    .mutation(async ({ ctx, input }) => {
      const topic = await ctx.services.library.topics.topic(input.topicId);
      await new TimerSettingsRepository(ctx.services.database.db).mergeSettings(ctx.timer.id, {
        topic: topic.text,
        topicId: topic.id,
      });
      // Every hub's screens show the new topic.
      const fresh = await ctx.services.timers.changed(ctx.timer.id);
      return { timerId: fresh.id, shortid: fresh.shortid, topic: topic.text };
    }),
});

/** Schools, teams and debaters (学校). */
const schoolsRouter = router({
  search: publicProcedure
    .input(
      z.strictObject({
        q: query,
        region: z.string().max(40).default(''),
        limit: z.number().int().min(1).max(500).default(100),
      }),
    )
    .query(({ ctx, input }) => ctx.services.library.schools.search(input)),
  regions: publicProcedure.query(({ ctx }) => ctx.services.library.schools.regions()),
  /** A school's page: teams by season, debaters, public records and win/loss. */
  page: publicProcedure.input(z.strictObject({ id })).query(async ({ ctx, input }) => {
    const page = await ctx.services.library.schools.page(input.id);
    const records = await ctx.services.library.records.ofSchool(input.id);
    const wins = records.filter((record) => record.won === true).length;
    const losses = records.filter((record) => record.won === false).length;
    return { ...page, records, wins, losses };
  }),
  add: authedProcedure
    .input(z.strictObject({ school: z.unknown() }))
    .mutation(({ ctx, input }) => ctx.services.library.schools.add(input.school, ctx.user.id)),
  importCsv: authedProcedure.input(z.strictObject({ text: fileText })).mutation(async ({ ctx, input }) => {
    await chargeImport(ctx, input.text);
    return ctx.services.library.schools.importCsv(input.text, ctx.user.id);
  }),
  addTeam: authedProcedure
    .input(z.strictObject({ team: z.unknown() }))
    .mutation(async ({ ctx, input }) => ({ id: await ctx.services.library.schools.addTeam(input.team) })),
  teams: publicProcedure
    .input(z.strictObject({ q: query }))
    .query(({ ctx, input }) => ctx.services.library.schools.searchTeams(input.q)),
  debaters: publicProcedure
    .input(z.strictObject({ q: query }))
    .query(({ ctx, input }) => ctx.services.library.schools.searchDebaters(input.q)),
});

const dateMs = z.number().int().min(0).max(8_640_000_000_000_000);

/** Match records (比赛记录). */
const recordsRouter = router({
  /** One record; hidden records are NOT_FOUND. */
  get: publicProcedure
    .input(z.strictObject({ matchId: id }))
    .query(({ ctx, input }) => ctx.services.library.records.get(input.matchId, ctx)),
  /** Judges' flows attached to a record; hidden records are NOT_FOUND. */
  flows: publicProcedure.input(z.strictObject({ matchId: id })).query(async ({ ctx, input }) => {
    await ctx.services.library.records.get(input.matchId, ctx);
    return ctx.services.yjs.workbench.attachedFlows(input.matchId);
  }),
  /** The caller's matches (timers they own or are a member of). */
  mine: authedProcedure
    .input(
      z
        .strictObject({
          from: dateMs.optional(),
          to: dateMs.optional(),
          formatId: z.string().max(64).optional(),
          school: z.string().max(80).optional(),
          topic: z.string().max(300).optional(),
        })
        .default({}),
    )
    .query(({ ctx, input }) => ctx.services.library.records.mine(ctx.user.id, input)),
  /** Saves the result sheet (the timer's owner or editors). */
  updateResult: publicProcedure
    .input(z.strictObject({ matchId: id, result: z.unknown() }))
    .mutation(({ ctx, input }) =>
      ctx.services.library.records.updateResult(input.matchId, input.result, ctx),
    ),
});

/** The library's procedures: `library.topics.*`, `library.schools.*`, `library.records.*`. */
export const libraryRouter = router({ topics: topicsRouter, schools: schoolsRouter, records: recordsRouter });
