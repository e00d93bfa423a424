import {
  addRoundSchema,
  ballotInputSchema,
  bpBallotSchema,
  breakCategoryCreateSchema,
  breakCategoryPatchSchema,
  breakEligibilitySchema,
  epochMsSchema,
  fixturePatchSchema,
  generatedDrawSchema,
  judgeInputSchema,
  knockoutInputSchema,
  manualDrawSchema,
  openBreakSchema,
  resultInputSchema,
  roundAbsentSchema,
  roundDrawSchema,
  roundMotionsSchema,
  setPanelsSchema,
  submissionIdSchema,
  teamImportSchema,
  tournamentIdSchema,
  tournamentSlugSchema,
  type TournamentRole,
} from '@bianshi/shared';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { HubError } from '../lib/errors';
import { siteBase } from '../lib/site';
import { withRetryAfter } from '../lib/wait';
import { NO_SLOT } from '../realtime/connection-budget';
import { publicProcedure, rateLimit, router, toTRPCError } from '../trpc/init';
import { authedProcedure } from '../auth/auth-access';
import { T } from './messages';

const id = z.string().min(1).max(64);
/** Private ballot tokens (`/worldcup/ballot/<token>`). */
const tokenSchema = z.string().min(8).max(100);
const bySlug = z.strictObject({ slug: tournamentSlugSchema });
const ok = { ok: true as const };

const MB = 1024 * 1024;
/** A Tabbycat import folder as sent: file name → text, at most 30 files of 2 MB, 8 MB in all. */
export const TABBYCAT_FOLDER_LIMITS = { files: 30, fileBytes: 2 * MB, totalBytes: 8 * MB } as const;
const tabbycatFolderSchema = z
  .record(
    z.string().min(1, { error: '文件名不能为空' }).max(200, { error: '文件名最多 200 个字符' }),
    z.string().refine((text) => Buffer.byteLength(text) <= TABBYCAT_FOLDER_LIMITS.fileBytes, {
      error: '文件过大（每个文件最多 2 MB）',
    }),
  )
  .superRefine((files, ctx) => {
    const names = Object.keys(files);
    if (names.length === 0) ctx.addIssue({ code: 'custom', message: '请选择 Tabbycat 导入文件夹中的文件' });
    if (names.length > TABBYCAT_FOLDER_LIMITS.files)
      ctx.addIssue({ code: 'custom', message: `文件过多（最多 ${TABBYCAT_FOLDER_LIMITS.files} 个）` });
    const total = Object.values(files).reduce((sum, text) => sum + Buffer.byteLength(text), 0);
    if (total > TABBYCAT_FOLDER_LIMITS.totalBytes)
      ctx.addIssue({ code: 'custom', message: '文件总大小超过 8 MB' });
  });

/**
 * A procedure on one tournament for staff with at least `minimum` (owner ⊃ organizer ⊃ judge
 * coordinator). Its input must carry `tournamentId`; handlers get `ctx.tournament` and
 * `ctx.tournamentRole`. Without an account: 401; with too weak a role: 403.
 */
function staffProcedure(minimum: TournamentRole) {
  return authedProcedure
    .input(z.object({ tournamentId: tournamentIdSchema }))
    .use(async ({ ctx, input, next }) => {
      const tournaments = ctx.services.tournaments.core;
      const tournament = await tournaments.find(input.tournamentId);
      const role = await tournaments.roleOf(tournament, ctx.user);
      if (!tournaments.atLeast(role, minimum))
        throw new HubError(
          'FORBIDDEN',
          minimum === 'owner' ? T.ownerOnly : T.roleTooLow,
          'tournament-role-too-low',
        );
      return next({
        ctx: {
          tournament,
          tournamentRole: role,
          staff: { id: ctx.user.id, name: ctx.user.displayName || ctx.user.email },
        },
      });
    });
}

const owner = staffProcedure('owner');
const organizer = staffProcedure('organizer');
const coordinator = staffProcedure('judgeCoordinator');

/** The public ballot endpoints: limited per address (judges on one venue Wi-Fi share an address, so generous). */
const ballotProcedure = publicProcedure.use(
  rateLimit((ctx) => ctx.services.tournaments.core.ballotLimiter, T.ballotRateLimited),
);

/**
 * The 世界杯 tournament hub: tournaments, staff, teams, judges and conflicts, the group draw,
 * rounds (published onto timers and a lobby), topics, judges' ballots, results, standings and
 * the knockout bracket. Reads come from the database on every hub; `watch` says when to re-read.
 */
export const tournamentRouter = router({
  /** Public tournaments (`public`) or the caller's own (`mine`: any staff role). */
  list: publicProcedure
    .input(
      z.strictObject({ scope: z.enum(['public', 'mine']).default('public') }).default({ scope: 'public' }),
    )
    .query(({ ctx, input }) => ctx.services.tournaments.core.list(input.scope, ctx.user)),
  /** Everything the tournament page shows (private tournaments: staff only, else NOT_FOUND). */
  get: publicProcedure
    .input(bySlug)
    .query(({ ctx, input }) => ctx.services.tournaments.core.view(input.slug, ctx.user)),
  /**
   * Yields `tracked(version, { version })` now and after every change of the tournament (any
   * hub); screens re-read `get`/`live` on each. Visible to whoever may `get` it.
   */
  watch: publicProcedure
    .input(z.strictObject({ slug: tournamentSlugSchema, lastEventId: z.string().max(100).nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      let release = NO_SLOT;
      try {
        release = ctx.budget?.acquire('watch') ?? NO_SLOT;
        const tournament = await ctx.services.tournaments.core.visible(input.slug, ctx.user);
        for await (const version of ctx.services.tournaments.core.versions(
          tournament.id,
          signal ?? new AbortController().signal,
        )) {
          yield tracked(String(version), { version });
        }
      } catch (error) {
        throw error instanceof HubError ? toTRPCError(error) : error;
      } finally {
        release();
      }
    }),
  /** The live wall of a round (the latest published one by default): its lobby and a tile per fixture. */
  live: publicProcedure
    .input(z.strictObject({ slug: tournamentSlugSchema, roundId: id.optional() }))
    .query(({ ctx, input }) =>
      ctx.services.tournaments.core.live(input.slug, input.roundId ?? null, ctx.user),
    ),

  /** Creates a tournament; the caller becomes its owner. */
  create: authedProcedure
    .use(rateLimit((ctx) => ctx.services.limits.creates))
    .input(z.strictObject({ tournament: z.unknown() }))
    .mutation(({ ctx, input }) => ctx.services.tournaments.core.create(input.tournament, ctx.user)),
  /**
   * Creates a tournament from a Tabbycat import folder (file name → text, names as Tabbycat's
   * files have them); the caller becomes its owner, counted against the plan like `create`.
   * Nothing is written unless every file is valid: BAD_REQUEST `import-invalid` with
   * `errors: [{ file, row, column?, message }]`. Returns what was created and what was skipped.
   */
  importTabbycat: authedProcedure
    .use(rateLimit((ctx) => ctx.services.limits.creates))
    .input(
      z.strictObject({
        name: z.string().trim().max(80, { error: '赛事名称最多 80 个字符' }).optional(),
        files: tabbycatFolderSchema,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const chars = Object.values(input.files).reduce((sum, text) => sum + text.length, 0);
      const taken = await ctx.services.limits.importChars.attempt(ctx.ip, Math.max(1, chars));
      if (!taken.ok)
        throw new HubError('TOO_MANY_REQUESTS', T.importRateLimited(taken.retryAfterMs), 'rate-limited', {
          retryAfterMs: taken.retryAfterMs,
        });
      return ctx.services.tournaments.tabbycat.import(input.files, {
        ...(input.name ? { name: input.name } : {}),
        ownerId: ctx.user.id,
      });
    }),
  /**
   * Links a tournament to a Tabbycat site (its address, the tournament's slug there and an API
   * token) and mirrors its institutions, teams, adjudicators, venues, rounds and motions: into
   * `tournamentId` when given (organizers), else the caller's tournament already linked to the
   * same site and slug, else a new one the caller owns (counted against the plan). The token is
   * kept on the hub and never returned; relinking `tournamentId` without one keeps it.
   */
  tabbycatLink: authedProcedure
    .use(rateLimit((ctx) => ctx.services.limits.creates))
    .input(
      z.strictObject({
        siteUrl: z.string().trim().min(1, { error: '请填写 Tabbycat 网址' }).max(2000, { error: '网址过长' }),
        tournamentSlug: z
          .string()
          .trim()
          .min(1, { error: '请填写 Tabbycat 赛事短名' })
          .max(100, { error: '赛事短名过长' }),
        // Optional when relinking a linked tournament (`tournamentId`): the kept token is used.
        token: z.string().trim().max(200, { error: '令牌过长' }).default(''),
        tournamentId: tournamentIdSchema.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const { core, tabbycatPull } = ctx.services.tournaments;
      if (input.tournamentId) {
        const tournament = await core.find(input.tournamentId);
        if (!core.atLeast(await core.roleOf(tournament, ctx.user), 'organizer'))
          throw new HubError('FORBIDDEN', T.roleTooLow, 'tournament-role-too-low');
      }
      return tabbycatPull.link(
        ctx.user.id,
        { siteUrl: input.siteUrl, tournamentSlug: input.tournamentSlug, token: input.token },
        input.tournamentId ? { tournamentId: input.tournamentId } : {},
      );
    }),
  /**
   * Pulls a released round's draw from the linked Tabbycat site (Tabbycat's round number): the
   * first pull publishes it (a timer per room, one lobby); later pulls update changed rooms in
   * place, keeping their timers, and report what changed.
   */
  tabbycatPullRound: organizer
    .input(z.object({ roundSeq: z.number().int().min(1).max(1000) }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.tabbycatPull.pullRound(ctx.tournament, input.roundSeq),
    ),
  /** Where the tournament is linked on Tabbycat (the token only by its last four characters), or null. */
  tabbycatLinkInfo: organizer.query(({ ctx }) =>
    ctx.services.tournaments.tabbycatPull.linkInfo(ctx.tournament),
  ),
  /** Replaces the tournament's settings (name, slug, format, visibility, dates, venues, tie-breaks). */
  update: organizer.input(z.object({ tournament: z.unknown() })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.core.update(ctx.tournament, input.tournament);
    return ok;
  }),
  /** Deletes the tournament (its timers and lobbies stay, as ordinary timers). */
  remove: owner.mutation(async ({ ctx }) => {
    await ctx.services.tournaments.core.remove(ctx.tournament);
    return ok;
  }),

  /**
   * Invites a staff member by email, or re-roles the staff member who has it. The answer is the
   * same whether or not the address has an account (已发送邀请): the invitation waits until its
   * owner opens the tournament. Limited per inviter and per address.
   */
  addOrganizer: owner
    .input(z.object({ email: z.email().max(200), role: z.enum(['organizer', 'judgeCoordinator']) }))
    .mutation(async ({ ctx, input }) => {
      const { invites } = ctx.services.tournaments;
      await withRetryAfter(ctx.setHeader, () => invites.spend(ctx.user.id, ctx.ip));
      return invites.invite(ctx.tournament, {
        email: input.email,
        role: input.role,
        inviter: ctx.staff.name,
        inviterId: ctx.user.id,
        link: `${siteBase(ctx.services.config, ctx.req)}/worldcup/${ctx.tournament.slug}/manage`,
      });
    }),
  /** Pending staff invitations (owner only). */
  staffInvites: owner.query(({ ctx }) => ctx.services.tournaments.invites.pending(ctx.tournament.id)),
  /** Withdraws a pending staff invitation. */
  revokeStaffInvite: owner.input(z.object({ email: z.email().max(200) })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.invites.revoke(ctx.tournament, input.email);
    return ok;
  }),
  removeOrganizer: owner.input(z.object({ userId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.core.removeOrganizer(ctx.tournament, input.userId);
    return ok;
  }),

  /** Adds teams from the library or CSV text; a CSV with any error writes nothing and returns every row/column error. */
  importTeams: organizer
    .input(z.object({ import: teamImportSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.participants.importTeams(ctx.tournament, input.import),
    ),
  /** Removes a team that is not in the draw yet. */
  removeTeam: organizer.input(z.object({ teamId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.participants.removeTeam(ctx.tournament, input.teamId);
    return ok;
  }),

  /**
   * Adds a judge; the answer carries the private ballot token. An email is never looked up among
   * accounts; with mail, the ballot link goes to it (so a judge with an email costs an invitation).
   */
  addJudge: coordinator.input(z.object({ judge: judgeInputSchema })).mutation(async ({ ctx, input }) => {
    const { invites, participants } = ctx.services.tournaments;
    if (input.judge.email) await withRetryAfter(ctx.setHeader, () => invites.spend(ctx.user.id, ctx.ip));
    const judge = await participants.addJudge(ctx.tournament, input.judge);
    const mailed =
      judge.email !== null && judge.ballotToken !== null
        ? invites.mailBallotLink(
            ctx.tournament,
            { name: judge.name, email: judge.email },
            `${siteBase(ctx.services.config, ctx.req)}/worldcup/ballot/${judge.ballotToken}`,
          )
        : false;
    return { ...judge, mailed };
  }),
  /** Removes a judge from future assignments and revokes their link (their submitted ballots stay). */
  removeJudge: coordinator.input(z.object({ judgeId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.participants.removeJudge(ctx.tournament, input.judgeId);
    return ok;
  }),
  /** Replaces a judge's ballot link: the old one is refused from now on. */
  rotateJudgeLink: coordinator
    .input(z.object({ judgeId: id }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.participants.rotateJudgeLink(ctx.tournament, input.judgeId),
    ),
  /** Sets the schools (school keys) a judge may not judge. */
  setConflicts: coordinator
    .input(z.object({ judgeId: id, schoolKeys: z.array(z.string().min(1).max(120)).max(50) }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.participants.setConflicts(
        ctx.tournament,
        input.judgeId,
        input.schoolKeys,
      );
      return ok;
    }),

  /** Draws pools with a seeded PRNG (seed recorded), then round robin and sides: the group stage's rounds as drafts. */
  generateDraw: organizer
    .input(z.object({ draw: generatedDrawSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.draws.generateDraw(ctx.tournament, input.draw, ctx.staff.name),
    ),
  /** The same from pools set by hand (drag and drop). */
  setDraw: organizer
    .input(z.object({ draw: manualDrawSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.draws.setDraw(ctx.tournament, input.draw, ctx.staff.name),
    ),
  /** Adds a preliminary round drawn on its own when its turn comes: random or power-paired (Swiss). */
  addRound: organizer
    .input(z.object({ round: addRoundSchema }))
    .mutation(({ ctx, input }) => ctx.services.tournaments.roundDraws.addRound(ctx.tournament, input.round)),
  /**
   * Draws a random or power-paired round from the confirmed results before it (the seed is
   * recorded); drawing again replaces the round's rooms while it is a draft.
   */
  drawRound: organizer
    .input(z.object({ draw: roundDrawSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.roundDraws.drawRound(ctx.tournament, input.draw, ctx.staff.name),
    ),
  /** Check-in for a draft round: the teams or the judges absent (left out of its draw and panels). */
  setAbsent: organizer.input(z.object({ absent: roundAbsentSchema })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.roundDraws.setAbsent(ctx.tournament, input.absent);
    return ok;
  }),
  /** Edits a drafted fixture: sides, venue, judges, start time. */
  updateFixture: organizer
    .input(z.object({ fixtureId: id, patch: fixturePatchSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.draws.updateFixture(ctx.tournament, input.fixtureId, input.patch);
      return ok;
    }),
  /** Assigns judges to a drafted round avoiding conflicts; says which fixtures could not be filled. */
  assignJudges: coordinator
    .input(z.object({ roundId: id }))
    .mutation(({ ctx, input }) => ctx.services.tournaments.draws.assignJudges(ctx.tournament, input.roundId)),
  /** What the allocation screen judges a round's clashes against: institutions, conflicts, absences. */
  allocation: coordinator
    .input(z.object({ roundId: id }))
    .query(({ ctx, input }) => ctx.services.tournaments.allocation.context(ctx.tournament, input.roundId)),
  /**
   * Saves a draft round's panels by hand (chair, panellists, trainees per room; rooms not listed
   * keep theirs): every judge at most once in the round. Clashes are shown, never refused.
   */
  setPanels: coordinator
    .input(z.object({ panels: setPanelsSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.allocation.setPanels(ctx.tournament, input.panels),
    ),
  /**
   * Publishes a drafted round, all or nothing: a timer per fixture (the tournament's format,
   * the teams' names) and one lobby with all of them; judges assigned if not yet.
   */
  publishRound: organizer.input(z.object({ roundId: id })).mutation(async ({ ctx, input }) => {
    const { rounds, invites } = ctx.services.tournaments;
    const published = await rounds.publish(ctx.tournament, input.roundId);
    // Judges with an address get their fixtures and link by mail (when the hub has mail).
    const mailed = await invites.mailRoundLinks(
      ctx.tournament,
      input.roundId,
      siteBase(ctx.services.config, ctx.req),
    );
    return { ...published, mailed };
  }),

  /** Sets the topic (from the topic library) of a round's fixtures, or one fixture, with its release time (null: on release). */
  setTopic: organizer
    .input(
      z.object({
        roundId: id,
        fixtureId: id.optional(),
        topicId: id.nullable(),
        releaseAt: epochMsSchema.nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.draws.setTopic(ctx.tournament, input);
      return ok;
    }),
  /** Releases a round's topics now: shown publicly and on every fixture's timer display. */
  releaseTopic: organizer
    .input(z.object({ roundId: id }))
    .mutation(({ ctx, input }) => ctx.services.tournaments.draws.releaseTopic(ctx.tournament, input.roundId)),

  /**
   * Replaces a round's motions (several for prep by motion, each with a short reference and an
   * info slide). Motions named by `id` keep their release; the rest start unreleased.
   */
  setRoundMotions: organizer
    .input(z.object({ roundId: id, motions: roundMotionsSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.roundMotions.set(ctx.tournament, input.roundId, input.motions);
      return ok;
    }),
  /** Releases a round's motions, now or at `at`: public, and on every published room's display. */
  releaseRoundMotions: organizer
    .input(z.object({ roundId: id, at: epochMsSchema.optional() }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.roundMotions.release(ctx.tournament, input.roundId, input.at),
    ),
  /** Says which of its round's motions a room debated (null: none chosen). */
  setFixtureMotion: organizer
    .input(z.object({ fixtureId: id, motionId: id.nullable() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.roundMotions.choose(ctx.tournament, input.fixtureId, input.motionId);
      return ok;
    }),

  /** The judge's ballot page, by the private token. */
  ballot: ballotProcedure
    .input(z.strictObject({ token: tokenSchema }))
    .query(({ ctx, input }) => ctx.services.tournaments.ballots.page(input.token)),
  /**
   * Submits (or corrects, until the result is confirmed) a judge's ballot. Idempotent by
   * `submissionId`: a retried submit answers `duplicate` and never counts twice.
   */
  submitBallot: ballotProcedure
    .input(
      z.strictObject({
        token: tokenSchema,
        fixtureId: id,
        submissionId: submissionIdSchema,
        ballot: ballotInputSchema,
      }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.ballots.submit(input.token, input.fixtureId, input.submissionId, input.ballot),
    ),
  /** Every ballot of a fixture and its result history (staff). */
  ballots: coordinator
    .input(z.object({ fixtureId: id }))
    .query(({ ctx, input }) => ctx.services.tournaments.ballots.ballots(ctx.tournament, input.fixtureId)),
  /** Confirms a fixture's result as its ballots decide (split decisions wait for this). */
  confirmResult: organizer
    .input(z.object({ fixtureId: id }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.ballots.confirm(ctx.tournament, input.fixtureId, ctx.staff.name),
    ),
  /** Sets or corrects a BP room's places and speakers' scores by hand (confirmed, kept in its history). */
  editBpResult: organizer
    .input(z.object({ fixtureId: id, bp: bpBallotSchema, note: z.string().trim().max(200).default('') }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.ballots.editBp(
        ctx.tournament,
        input.fixtureId,
        input.bp,
        input.note,
        ctx.staff.name,
      ),
    ),
  /** Sets or corrects a fixture's result by hand (confirmed; the change is kept in its history). */
  editResult: organizer
    .input(
      z.object({ fixtureId: id, result: resultInputSchema, note: z.string().trim().max(200).default('') }),
    )
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.ballots.edit(
        ctx.tournament,
        input.fixtureId,
        input.result,
        input.note,
        ctx.staff.name,
      ),
    ),

  /** Seeds the knockout bracket from the group standings (byes for the top seeds) and drafts its first round. */
  createKnockout: organizer
    .input(z.object({ knockout: knockoutInputSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.knockout.createKnockout(ctx.tournament, input.knockout),
    ),
  /** Drafts the next knockout round once every fixture of the current one is confirmed (winners advance on confirm). */
  advanceKnockout: organizer
    .input(z.object({ breakCategoryId: id.optional() }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.knockout.advanceKnockout(ctx.tournament, input.breakCategoryId ?? null),
    ),

  /**
   * The break per break category from the current standings: breaking teams with their seeds,
   * teams above the cut-off left out and why, ties across it, and what was released. Without
   * categories, one implicit open category sized by `open`.
   */
  breakPreview: coordinator
    .input(z.object({ open: openBreakSchema.optional() }))
    .query(({ ctx, input }) => ctx.services.tournaments.breaks.preview(ctx.tournament, input.open)),
  /** Sets a break category's size and rule. */
  setBreakCategory: organizer
    .input(z.object({ category: breakCategoryPatchSchema }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.tournaments.breaks.setCategory(ctx.tournament, input.category);
      return ok;
    }),
  /**
   * Adds a break category: the first is the general (open) one, every team eligible; later ones
   * (ESL, 新生…) break among the teams chosen with setBreakEligibility.
   */
  createBreakCategory: organizer
    .input(z.object({ category: breakCategoryCreateSchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.breaks.createCategory(ctx.tournament, input.category),
    ),
  /** Replaces the teams eligible to break in a non-general category. */
  setBreakEligibility: organizer
    .input(z.object({ eligibility: breakEligibilitySchema }))
    .mutation(({ ctx, input }) =>
      ctx.services.tournaments.breaks.setEligibility(ctx.tournament, input.eligibility),
    ),
  /** Deletes a break category without knockout rounds (the general one only when it is the last). */
  deleteBreakCategory: organizer.input(z.object({ categoryId: id })).mutation(async ({ ctx, input }) => {
    await ctx.services.tournaments.breaks.deleteCategory(ctx.tournament, input.categoryId);
    return ok;
  }),
  /** Releases the break as computed now (again: replaces it); the public page shows it from then on. */
  releaseBreak: organizer.mutation(({ ctx }) => ctx.services.tournaments.breaks.release(ctx.tournament)),
  /** 辩手榜: the speaker tab, per speaker category (the public: once the tournament is over). */
  speakerTab: publicProcedure.input(bySlug).query(async ({ ctx, input }) => {
    const { core, speakerTab } = ctx.services.tournaments;
    const tournament = await core.visible(input.slug, ctx.user);
    return speakerTab.tab(tournament, await core.roleOf(tournament, ctx.user));
  }),
  /** The released break per category (seed, team, institution); empty until released. */
  releasedBreak: publicProcedure.input(bySlug).query(async ({ ctx, input }) => {
    const tournament = await ctx.services.tournaments.core.visible(input.slug, ctx.user);
    return ctx.services.tournaments.breaks.released(tournament);
  }),

  /** Fixtures and results as CSV. */
  exportFixtures: publicProcedure
    .input(bySlug)
    .query(({ ctx, input }) => ctx.services.tournaments.core.exportFixtures(input.slug, ctx.user)),
  /** Standings as CSV. */
  exportStandings: publicProcedure
    .input(bySlug)
    .query(({ ctx, input }) => ctx.services.tournaments.core.exportStandings(input.slug, ctx.user)),
  /** The tournament as a Tabbycat import folder (file name → CSV text; emails included: staff only). */
  exportTabbycat: organizer.query(({ ctx }) =>
    ctx.services.tournaments.tabbycatExport.folder(ctx.tournament),
  ),
  /** The tournament and its confirmed results as DebateXML (no emails). */
  exportDebateXml: organizer.query(({ ctx }) =>
    ctx.services.tournaments.tabbycatExport.debateXml(ctx.tournament),
  ),
});
