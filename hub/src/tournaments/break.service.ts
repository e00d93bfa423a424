/**
 * The break: who goes on to the elimination rounds in each break category (open, ESL, 新生…),
 * from the group stage's standings by the category's rule (shared/src/tournament/
 * break-categories.ts decides); organizers size the categories, choose their rules and release
 * the break, which the public sees only then, as released.
 */
import {
  computeBreakPreview,
  DEFAULT_OPEN_BREAK_SIZE,
  knockoutBreakCategory,
  mergePoolStandings,
  breakCategorySlug,
  sameBreakCategoryName,
  type BreakCategoryCreate,
  type BreakCategoryInput,
  type BreakCategoryPatch,
  type BreakCategoryRule,
  type BreakEligibility,
  type BreakPreview,
  type BreakTeamInput,
  type ReleasedBreakCategory,
  type StandingsRow,
} from '@bianshi/shared';
import { and, asc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { confirmedBpResults, confirmedResults, standingsOf } from './tournament-view';
import type { TournamentRepository, TournamentRow, TournamentSnapshot } from './tournament.repository';
import {
  tournamentBreakCategories,
  tournamentBreakEligibility,
  tournamentRounds,
  tournamentTeams,
} from './tournament.schema';

type CategoryRow = typeof tournamentBreakCategories.$inferSelect;

/** The implicit open category's name (a tournament without categories). */
const OPEN_NAME = '公开组';

export class BreakService {
  constructor(
    private readonly db: Db,
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly clock: Clock,
  ) {}

  private categories(tournamentId: string): Promise<CategoryRow[]> {
    return this.db
      .select()
      .from(tournamentBreakCategories)
      .where(eq(tournamentBreakCategories.tournamentId, tournamentId))
      .orderBy(asc(tournamentBreakCategories.seq));
  }

  /**
   * Every category's break from the current standings. A tournament without categories has one
   * implicit open category, sized (and ruled) by `open` (8, standard, when not given).
   */
  async preview(
    tournament: TournamentRow,
    open?: { size: number; rule: BreakCategoryRule },
    snapshot?: TournamentSnapshot,
  ): Promise<BreakPreview> {
    const [rows, eligibility, read] = await Promise.all([
      this.categories(tournament.id),
      this.db
        .select()
        .from(tournamentBreakEligibility)
        .where(eq(tournamentBreakEligibility.tournamentId, tournament.id)),
      snapshot ?? this.repository.snapshot(tournament),
    ]);
    const categories: BreakCategoryInput[] = rows.length
      ? rows.map((row) => ({
          id: row.id,
          name: row.name,
          slug: row.slug,
          seq: row.seq,
          size: row.size,
          rule: row.rule,
          isGeneral: row.isGeneral,
          priority: row.priority,
          released:
            row.releasedAt === null ? null : { at: row.releasedAt, teamIds: row.releasedTeamIds ?? [] },
        }))
      : [
          {
            id: null,
            name: OPEN_NAME,
            slug: 'open',
            seq: 1,
            size: open?.size ?? DEFAULT_OPEN_BREAK_SIZE,
            rule: open?.rule ?? 'standard',
            isGeneral: true,
            priority: 0,
            released: null,
          },
        ];
    const eligible = new Map<string, string[]>();
    for (const row of eligibility)
      eligible.set(row.teamId, [...(eligible.get(row.teamId) ?? []), row.breakCategoryId]);
    const teams: BreakTeamInput[] = read.teams.map((team) => ({
      id: team.id,
      name: team.name,
      school: team.school,
      institutionKey: team.institutionId ?? (team.schoolKey || null),
      categoryIds: eligible.get(team.id) ?? [],
    }));
    const { standings, results } = groupTable(read);
    return computeBreakPreview({
      categories,
      teams,
      standings,
      bp: tournament.teamsPerRoom === 4,
      results,
    });
  }

  /** Sets a category's size and rule. */
  async setCategory(tournament: TournamentRow, patch: BreakCategoryPatch): Promise<void> {
    const category = await this.category(tournament, patch.categoryId);
    await this.checkSize(tournament, patch.size);
    await this.changes.write(tournament.id, (tx) =>
      tx
        .update(tournamentBreakCategories)
        .set({ size: patch.size, rule: patch.rule })
        .where(eq(tournamentBreakCategories.id, category.id)),
    );
  }

  /**
   * Adds a break category. The tournament's first is the general (open) one, every team
   * eligible, slug `open`, priority 0 unless given. A later one is not general (its teams are
   * chosen with `setEligibility`, none at first); its slug comes from its name, and unless given
   * its priority is just below every existing category's, so a team eligible in several breaks
   * takes the open break first, then the categories in the order they were added.
   */
  async createCategory(
    tournament: TournamentRow,
    input: BreakCategoryCreate,
  ): Promise<{ categoryId: string }> {
    await this.checkSize(tournament, input.size);
    const categoryId = newId();
    await this.changes.write(tournament.id, async (tx) => {
      const existing = await tx
        .select()
        .from(tournamentBreakCategories)
        .where(eq(tournamentBreakCategories.tournamentId, tournament.id));
      const taken = existing.find((row) => sameBreakCategoryName(row.name, input.name));
      if (taken)
        throw new HubError('CONFLICT', T.breakCategoryNameTaken(taken.name), 'break-category-name-taken');
      const first = existing.length === 0;
      await tx.insert(tournamentBreakCategories).values({
        id: categoryId,
        tournamentId: tournament.id,
        name: input.name,
        slug: first ? 'open' : breakCategorySlug(input.name, new Set(existing.map((row) => row.slug))),
        seq: Math.max(0, ...existing.map((row) => row.seq)) + 1,
        size: input.size,
        isGeneral: first,
        priority: input.priority ?? (first ? 0 : Math.min(...existing.map((row) => row.priority)) - 1),
        rule: input.rule,
      });
    });
    return { categoryId };
  }

  /**
   * Replaces the teams eligible to break in a non-general category. The general one has every
   * team and is refused; so is a list naming a team not in the tournament.
   */
  async setEligibility(tournament: TournamentRow, input: BreakEligibility): Promise<{ eligible: number }> {
    const category = await this.category(tournament, input.categoryId);
    if (category.isGeneral)
      throw new HubError(
        'BAD_REQUEST',
        T.breakGeneralEligibility(category.name),
        'break-general-eligibility',
      );
    const teamIds = [...new Set(input.teamIds)];
    const known = new Set(
      (
        await this.db
          .select({ id: tournamentTeams.id })
          .from(tournamentTeams)
          .where(eq(tournamentTeams.tournamentId, tournament.id))
      ).map((row) => row.id),
    );
    const unknown = teamIds.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new HubError(
        'BAD_REQUEST',
        T.breakTeamsNotInTournament(
          unknown.length,
          unknown.slice(0, 3).join('、') + (unknown.length > 3 ? '…' : ''),
        ),
        'break-teams-not-in-tournament',
      );
    await this.changes.write(tournament.id, async (tx) => {
      await tx
        .delete(tournamentBreakEligibility)
        .where(eq(tournamentBreakEligibility.breakCategoryId, category.id));
      if (teamIds.length > 0)
        await tx
          .insert(tournamentBreakEligibility)
          .values(
            teamIds.map((teamId) => ({ breakCategoryId: category.id, teamId, tournamentId: tournament.id })),
          );
    });
    return { eligible: teamIds.length };
  }

  /**
   * Deletes a category with its eligibility list. Refused while knockout rounds belong to it,
   * and for the general category while other categories exist (they break after it).
   */
  async deleteCategory(tournament: TournamentRow, categoryId: string): Promise<void> {
    const category = await this.category(tournament, categoryId);
    await this.changes.write(tournament.id, async (tx) => {
      const rounds = await tx
        .select({ id: tournamentRounds.id })
        .from(tournamentRounds)
        .where(
          and(
            eq(tournamentRounds.tournamentId, tournament.id),
            eq(tournamentRounds.breakCategoryId, category.id),
          ),
        );
      if (rounds.length > 0)
        throw new HubError(
          'CONFLICT',
          T.breakCategoryHasRounds(category.name, rounds.length),
          'break-category-has-rounds',
        );
      if (category.isGeneral) {
        const others = await tx
          .select({ id: tournamentBreakCategories.id })
          .from(tournamentBreakCategories)
          .where(
            and(
              eq(tournamentBreakCategories.tournamentId, tournament.id),
              ne(tournamentBreakCategories.id, category.id),
            ),
          );
        if (others.length > 0)
          throw new HubError('CONFLICT', T.breakGeneralHasOthers(category.name), 'break-general-has-others');
      }
      await tx
        .delete(tournamentBreakEligibility)
        .where(eq(tournamentBreakEligibility.breakCategoryId, category.id));
      await tx.delete(tournamentBreakCategories).where(eq(tournamentBreakCategories.id, category.id));
    });
  }

  private async category(tournament: TournamentRow, categoryId: string): Promise<CategoryRow> {
    const category = (await this.categories(tournament.id)).find((row) => row.id === categoryId);
    if (!category) throw new HubError('NOT_FOUND', T.breakCategoryNotFound, 'break-category-not-found');
    return category;
  }

  private async checkSize(tournament: TournamentRow, size: number): Promise<void> {
    const teams = await this.db
      .select({ id: tournamentTeams.id })
      .from(tournamentTeams)
      .where(eq(tournamentTeams.tournamentId, tournament.id));
    if (size > teams.length)
      throw new HubError('BAD_REQUEST', T.breakSizeTooBig(size, teams.length), 'break-size-too-big');
  }

  /**
   * Releases the break: every category's breaking teams as computed now, shown publicly from
   * now on. Releasing again replaces what was released.
   */
  async release(tournament: TournamentRow): Promise<{ releasedAt: number; categories: number }> {
    const preview = await this.preview(tournament);
    if (preview.implicit) throw new HubError('BAD_REQUEST', T.breakNoCategories, 'break-no-categories');
    if (preview.results === 0) throw new HubError('BAD_REQUEST', T.breakNoResults, 'break-no-results');
    const releasedAt = this.clock.now();
    await this.changes.write(tournament.id, async (tx) => {
      for (const category of preview.categories)
        await tx
          .update(tournamentBreakCategories)
          .set({ releasedAt, releasedTeamIds: category.breaking.map((row) => row.teamId) })
          .where(eq(tournamentBreakCategories.id, category.id!));
    });
    return { releasedAt, categories: preview.categories.length };
  }

  /** The released categories with their teams in seed order, as the public sees them (none before release). */
  async released(tournament: TournamentRow): Promise<ReleasedBreakCategory[]> {
    const rows = await this.db
      .select()
      .from(tournamentBreakCategories)
      .where(
        and(
          eq(tournamentBreakCategories.tournamentId, tournament.id),
          isNotNull(tournamentBreakCategories.releasedAt),
        ),
      )
      .orderBy(asc(tournamentBreakCategories.seq));
    const ids = [...new Set(rows.flatMap((row) => row.releasedTeamIds ?? []))];
    const teams = ids.length
      ? await this.db
          .select({ id: tournamentTeams.id, name: tournamentTeams.name, school: tournamentTeams.school })
          .from(tournamentTeams)
          .where(and(eq(tournamentTeams.tournamentId, tournament.id), inArray(tournamentTeams.id, ids)))
      : [];
    const byId = new Map(teams.map((team) => [team.id, team]));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      releasedAt: row.releasedAt!,
      teams: (row.releasedTeamIds ?? []).flatMap((teamId, at) => {
        const team = byId.get(teamId);
        return team ? [{ seed: at + 1, teamId, name: team.name, school: team.school }] : [];
      }),
    }));
  }

  /**
   * The seeds of a knockout: the general (open) category's break as released, or as computed
   * now when not released. A two-team tournament without categories gets null (it seeds by pool).
   * A BP tournament without categories breaks its top `openSize` teams (the implicit open category).
   */
  async knockoutSeeds(
    tournament: TournamentRow,
    snapshot: TournamentSnapshot,
    openSize?: number,
  ): Promise<{ categoryId: string | null; teamIds: string[] } | null> {
    const bp = tournament.teamsPerRoom === 4;
    const open = bp && openSize !== undefined ? { size: openSize, rule: 'standard' as const } : undefined;
    const preview = await this.preview(tournament, open, snapshot);
    if (preview.implicit && !bp) return null;
    const category = knockoutBreakCategory(preview.categories)!;
    return {
      categoryId: category.id,
      teamIds: category.released?.teamIds ?? category.breaking.map((row) => row.teamId),
    };
  }
}

/**
 * The group stage's standings as one table (pools merged by the tie-breaks), and how many of its
 * results are confirmed.
 */
function groupTable(snapshot: TournamentSnapshot): { standings: StandingsRow[]; results: number } {
  const tables = standingsOf(snapshot);
  const stage = snapshot.stages.find((candidate) => candidate.kind === 'group');
  const roundIds = new Set(
    snapshot.rounds.filter((round) => round.stageId === stage?.id).map((round) => round.id),
  );
  const results =
    snapshot.tournament.teamsPerRoom === 4
      ? confirmedBpResults(snapshot, roundIds).length
      : confirmedResults(snapshot, roundIds).length;
  const standings =
    tables.length === 1
      ? tables[0]!.rows
      : mergePoolStandings(
          tables.map((table) => table.rows),
          snapshot.tournament.tieBreaks,
        );
  return { standings, results };
}
