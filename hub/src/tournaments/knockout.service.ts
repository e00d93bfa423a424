import {
  bpBreakSizeOk,
  bpEliminationRoundName,
  bpEliminationRounds,
  buildBracket,
  compareAcrossPools,
  drawSides,
  knockoutRoundName,
  nextBpEliminationRound,
  playableNodes,
  seededRandom,
  shuffled,
  tabEngine,
  type DrawRecord,
  type KnockoutInput,
  type SideId,
  type StandingsRow,
} from '@bianshi/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { BreakService } from './break.service';
import { roundFixtures } from './draw.service';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { bracketOf, knockoutOf, knockoutStarted, mainKnockout, standingsOf } from './tournament-view';
import type {
  FixtureRow,
  TournamentRepository,
  TournamentRow,
  TournamentSnapshot,
} from './tournament.repository';
import {
  tournamentFixtures,
  tournamentMotions,
  tournamentRounds,
  tournamentStages,
} from './tournament.schema';

type NewFixture = typeof tournamentFixtures.$inferInsert;

/**
 * The knockout: a bracket seeded from the group standings, drafted a round at a time as
 * winners advance (winners are applied from confirmed results whenever the bracket is read).
 * BP (four-team rooms) has no bracket: its rounds are drafted from the last round's places,
 * each room's first and second going on (shared/src/tournament/bp-knockout.ts decides).
 */
export class KnockoutService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly clock: Clock,
    private readonly breaks?: BreakService,
  ) {}

  /**
   * Seeds the knockout from the group standings: the top `advancePerPool` of each pool, pool
   * winners first (ordered across pools by the tie-breaks), byes to the top seeds; drafts round 1.
   * A two-team tournament with break categories seeds from its open category's break instead
   * (seeds in order; `advancePerPool` is not used). BP always seeds from the open break (without
   * categories, the top `advancePerPool` teams): 4, 8, 16 … teams in rooms of four.
   *
   * With `breakCategoryId` of another category (ESL, 新生…), that category's own knockout from its
   * break, once the main one exists: a stage of its own, rounds named for the category.
   */
  async createKnockout(
    tournament: TournamentRow,
    input: KnockoutInput,
  ): Promise<{ stageId: string; roundId: string }> {
    const snapshot = await this.repository.snapshot(tournament);
    const group = snapshot.stages.find((stage) => stage.kind === 'group');
    if (!group) throw new HubError('BAD_REQUEST', T.noGroupStage, 'no-group-stage');
    const bp = tournament.teamsPerRoom === 4;
    const category = input.breakCategoryId
      ? await this.categoryBreak(tournament, snapshot, input.breakCategoryId)
      : null;
    const broken = category ?? (await this.breaks?.knockoutSeeds(tournament, snapshot, input.advancePerPool));
    const mainImported = category ? null : importedKnockout(snapshot, broken?.categoryId ?? undefined);
    const imported = category ? importedCategoryRounds(snapshot, category.categoryId) : mainImported;
    if (category) {
      const main = mainKnockout(snapshot);
      if (!main || !knockoutStarted(snapshot, main))
        throw new HubError('BAD_REQUEST', T.categoryKnockoutBeforeMain, 'knockout-main-first');
      if (knockoutOf(snapshot, category.categoryId))
        throw new HubError('CONFLICT', T.categoryKnockoutExists(category.name), 'knockout-exists');
    } else if (mainKnockout(snapshot) && !mainImported)
      throw new HubError('CONFLICT', T.knockoutExists, 'knockout-exists');
    const groupRounds = new Set(
      snapshot.rounds.filter((round) => round.stageId === group.id).map((round) => round.id),
    );
    const confirmed = new Set(
      snapshot.results.filter((result) => result.confirmed).map((result) => result.fixtureId),
    );
    const open = snapshot.fixtures.filter(
      (fixture) => groupRounds.has(fixture.roundId) && !confirmed.has(fixture.id),
    ).length;
    if (open > 0) throw new HubError('BAD_REQUEST', T.knockoutGroupUnfinished(open), 'group-unfinished');
    const seeded = broken?.teamIds ?? seedsByPool(snapshot, tournament, input.advancePerPool);
    if (seeded.length < 2) throw new HubError('BAD_REQUEST', T.knockoutTooFew, 'knockout-too-few');
    if (bp && !bpBreakSizeOk(seeded.length))
      throw new HubError('BAD_REQUEST', T.knockoutBpSize(seeded.length), 'knockout-bp-size');
    const bracket = bp ? [] : buildBracket(seeded);
    const stageId = mainImported?.stage.id ?? newId();
    const seed = newId();
    const draw: DrawRecord = { method: 'generated', seed, at: this.clock.now(), byName: '积分榜' };
    const totalRounds = bp
      ? bpEliminationRounds(seeded.length)
      : Math.max(...bracket.map((node) => node.round));
    // An imported knockout's rounds are played from the end: its last round is the final, so
    // a break of 8 plays "Quarterfinals, Semifinals, Grand Final" of a longer list; earlier ones
    // are dropped (their motions stay in the tournament, in no round).
    const placeholders = imported?.rounds ?? [];
    const kept = placeholders.slice(Math.max(0, placeholders.length - totalRounds));
    const dropped = placeholders.slice(0, placeholders.length - kept.length);
    const first = kept.length === totalRounds ? kept[0] : undefined;
    const round = {
      id: first?.id ?? newId(),
      tournamentId: tournament.id,
      stageId,
      number: 1,
      name: first?.name ?? roundName(bp, 1, totalRounds, category?.name),
      breakCategoryId: category?.categoryId ?? null,
    };
    // BP: the engine's rooms (1/8/9/16, 2/7/10/15 …), positions drawn by the recorded seed.
    const fixtures = bp
      ? bpFixtures(
          tournament,
          round.id,
          tabEngine.seedBpBreak(seeded, seededRandom(`${seed}:1`)).map((room) => room.teams),
        )
      : knockoutFixtures(
          snapshot,
          tournament,
          round.id,
          playableNodes(bracket).filter((node) => node.round === 1),
          seed,
        );
    await this.changes.write(tournament.id, async (tx) => {
      if (mainImported) {
        await tx.update(tournamentStages).set({ draw, bracket }).where(eq(tournamentStages.id, stageId));
      } else {
        await tx.insert(tournamentStages).values({
          id: stageId,
          tournamentId: tournament.id,
          kind: 'knockout',
          name: category ? `${category.name}淘汰赛` : '淘汰赛',
          position: category ? 2 + snapshot.stages.filter((stage) => stage.kind === 'knockout').length : 1,
          draw,
          bracket,
          breakCategoryId: category?.categoryId ?? null,
        });
      }
      if (imported) {
        if (dropped.length) {
          const ids = dropped.map((each) => each.id);
          await tx
            .update(tournamentMotions)
            .set({ roundId: null })
            .where(inArray(tournamentMotions.roundId, ids));
          await tx.delete(tournamentRounds).where(inArray(tournamentRounds.id, ids));
        }
        // Kept rounds number from 1 (the bracket's first round) to the final, in this stage;
        // other categories' wait after, in the main stage.
        for (const [index, each] of kept.entries())
          await tx
            .update(tournamentRounds)
            .set({ stageId, number: totalRounds - kept.length + index + 1 })
            .where(eq(tournamentRounds.id, each.id));
        for (const [index, each] of imported.others.entries())
          await tx
            .update(tournamentRounds)
            .set({ number: totalRounds + index + 1 })
            .where(eq(tournamentRounds.id, each.id));
      }
      if (!first) await tx.insert(tournamentRounds).values(round);
      if (fixtures.length) await tx.insert(tournamentFixtures).values(fixtures);
    });
    return { stageId, roundId: round.id };
  }

  /** A category's break for its own knockout (as released, else as computed now); null for the open one. */
  private async categoryBreak(
    tournament: TournamentRow,
    snapshot: TournamentSnapshot,
    categoryId: string,
  ): Promise<{ categoryId: string; name: string; slug: string; teamIds: string[] } | null> {
    const preview = await this.breaks?.preview(tournament, undefined, snapshot);
    const category = preview?.categories.find((each) => each.id === categoryId);
    if (!category) throw new HubError('NOT_FOUND', T.breakCategoryNotFound, 'break-category-not-found');
    if (category.isGeneral) return null;
    return {
      categoryId,
      name: category.name,
      slug: category.slug,
      teamIds: category.released?.teamIds ?? category.breaking.map((row) => row.teamId),
    };
  }

  /** Drafts the next knockout round once every fixture of the latest one has a confirmed result. */
  async advanceKnockout(
    tournament: TournamentRow,
    breakCategoryId: string | null = null,
  ): Promise<{ roundId: string | null }> {
    const snapshot = await this.repository.snapshot(tournament);
    const stage = knockoutOf(snapshot, breakCategoryId);
    if (!stage) throw new HubError('BAD_REQUEST', T.knockoutNotFound, 'knockout-not-found');
    const stageRounds = snapshot.rounds
      .filter((round) => round.stageId === stage.id)
      .sort((a, b) => a.number - b.number);
    // The latest round drafted; an imported knockout's later rounds wait empty until their turn.
    const drafted = new Set(snapshot.fixtures.map((fixture) => fixture.roundId));
    const latest = stageRounds.filter((round) => drafted.has(round.id)).at(-1);
    const confirmed = new Set(
      snapshot.results.filter((result) => result.confirmed).map((result) => result.fixtureId),
    );
    if (latest && roundFixtures(snapshot, latest.id).some((fixture) => !confirmed.has(fixture.id)))
      throw new HubError('BAD_REQUEST', T.knockoutRoundUnfinished, 'knockout-round-unfinished');
    if (tournament.teamsPerRoom === 4) {
      if (!latest) throw new HubError('BAD_REQUEST', T.knockoutNotFound, 'knockout-not-found');
      return this.advanceBp(tournament, snapshot, stage, stageRounds, latest);
    }
    const bracket = bracketOf(snapshot, stage);
    const totalRounds = Math.max(...bracket.map((node) => node.round));
    const number = (latest?.number ?? 0) + 1;
    if (number > totalRounds) throw new HubError('BAD_REQUEST', T.knockoutFinished, 'knockout-finished');
    const waiting = stageRounds.find((round) => round.number === number);
    const round = {
      id: waiting?.id ?? newId(),
      tournamentId: tournament.id,
      stageId: stage.id,
      number,
      name: waiting?.name ?? roundName(false, number, totalRounds, categoryOf(stage)),
      breakCategoryId: stage.breakCategoryId,
    };
    const fixtures = knockoutFixtures(
      snapshot,
      tournament,
      round.id,
      playableNodes(bracket).filter((node) => node.round === number),
      `${stage.draw?.seed ?? stage.id}:${number}`,
    );
    await this.changes.write(tournament.id, async (tx) => {
      if (!waiting) await tx.insert(tournamentRounds).values(round);
      if (fixtures.length) await tx.insert(tournamentFixtures).values(fixtures);
    });
    return { roundId: round.id };
  }

  /**
   * The next BP elimination round: each room's first and second place of `latest` (every room
   * confirmed) go on, rooms folded, positions drawn by the stage's seed. After the final (one
   * room) the knockout is over: its first place is the champion.
   */
  private async advanceBp(
    tournament: TournamentRow,
    snapshot: TournamentSnapshot,
    stage: TournamentSnapshot['stages'][number],
    stageRounds: TournamentSnapshot['rounds'],
    latest: TournamentSnapshot['rounds'][number],
  ): Promise<{ roundId: string | null }> {
    // Only confirmed places advance anyone (as championOf reads the final).
    const results = new Map(
      snapshot.results.filter((result) => result.confirmed).map((result) => [result.fixtureId, result]),
    );
    const rooms = roundFixtures(snapshot, latest.id)
      .sort((x, y) => x.position - y.position)
      .map((fixture) => ({
        teams: [fixture.affTeamId!, fixture.negTeamId!, fixture.cgTeamId!, fixture.coTeamId!] as const,
        ranking: results.get(fixture.id)?.ranking ?? null,
      }));
    const next = nextBpEliminationRound(rooms);
    if (next === null)
      throw new HubError('BAD_REQUEST', T.knockoutRoundUnfinished, 'knockout-round-unfinished');
    if (next.length === 0) throw new HubError('BAD_REQUEST', T.knockoutFinished, 'knockout-finished');
    const number = latest.number + 1;
    const totalRounds = latest.number + bpEliminationRounds(rooms.length * 4) - 1;
    const waiting = stageRounds.find((round) => round.number === number);
    const round = {
      id: waiting?.id ?? newId(),
      tournamentId: tournament.id,
      stageId: stage.id,
      number,
      name: waiting?.name ?? roundName(true, number, totalRounds, categoryOf(stage)),
      breakCategoryId: stage.breakCategoryId,
    };
    const random = seededRandom(`${stage.draw?.seed ?? stage.id}:${number}`);
    const fixtures = bpFixtures(
      tournament,
      round.id,
      next.map((teams) => shuffled(teams, random)),
    );
    await this.changes.write(tournament.id, async (tx) => {
      if (!waiting) await tx.insert(tournamentRounds).values(round);
      await tx.insert(tournamentFixtures).values(fixtures);
    });
    return { roundId: round.id };
  }
}

/** BP fixtures for rooms of four teams in position order (OG, OO, CG, CO), venues in order. */
function bpFixtures(tournament: TournamentRow, roundId: string, rooms: readonly string[][]): NewFixture[] {
  return rooms.map((teams, position) => ({
    id: newId(),
    tournamentId: tournament.id,
    roundId,
    position,
    affTeamId: teams[0]!,
    negTeamId: teams[1]!,
    cgTeamId: teams[2]!,
    coTeamId: teams[3]!,
    sidesDrawn: true,
    venue: tournament.venues[position % Math.max(1, tournament.venues.length)] ?? '',
  }));
}

/** The top `advancePerPool` of each pool, pool winners first (ordered across pools by the tie-breaks). */
function seedsByPool(
  snapshot: TournamentSnapshot,
  tournament: TournamentRow,
  advancePerPool: number,
): string[] {
  const names = new Map(snapshot.teams.map((team) => [team.id, team.name]));
  const compare = compareAcrossPools(tournament.tieBreaks, names);
  const seeded: StandingsRow[] = [];
  for (let place = 1; place <= advancePerPool; place += 1) {
    seeded.push(
      ...standingsOf(snapshot)
        .flatMap((pool) => pool.rows.filter((row) => row.rank === place))
        .sort(compare),
    );
  }
  return seeded.map((row) => row.teamId);
}

/**
 * A knockout stage that came from an import and was never seeded: no bracket, and rounds that
 * are neither drawn nor published (Tabbycat's elimination rounds). Its rounds of the bracket's
 * category in order, and the rest.
 */
function importedKnockout(snapshot: TournamentSnapshot, breakCategoryId?: string) {
  const stage = mainKnockout(snapshot);
  if (!stage || knockoutStarted(snapshot, stage)) return null;
  const all = snapshot.rounds
    .filter((round) => round.stageId === stage.id)
    .sort((a, b) => a.number - b.number);
  // The bracket plays the category it was seeded from, else that of the last round (the open
  // final); other categories' rounds (ESL, novice) wait after it, unplayed.
  const category = all.some((round) => round.breakCategoryId === breakCategoryId)
    ? breakCategoryId!
    : (all.at(-1)?.breakCategoryId ?? null);
  const rounds = all.filter((round) => round.breakCategoryId === category);
  return { stage, rounds, others: all.filter((round) => round.breakCategoryId !== category) };
}

/**
 * A category's imported elimination rounds (Tabbycat's ESL or novice rounds, waiting in the main
 * knockout stage, neither drawn nor published), in order; null when there are none.
 */
function importedCategoryRounds(snapshot: TournamentSnapshot, breakCategoryId: string) {
  const drafted = new Set(snapshot.fixtures.map((fixture) => fixture.roundId));
  const knockouts = new Set(
    snapshot.stages.filter((stage) => stage.kind === 'knockout').map((stage) => stage.id),
  );
  const rounds = snapshot.rounds
    .filter(
      (round) =>
        knockouts.has(round.stageId) &&
        round.breakCategoryId === breakCategoryId &&
        round.status !== 'published' &&
        !drafted.has(round.id),
    )
    .sort((a, b) => a.number - b.number);
  return rounds.length ? { rounds, others: [] as typeof rounds } : null;
}

/** The category a knockout's rounds are named for (its stage is named `<category>淘汰赛`); none for the main one. */
function categoryOf(stage: TournamentSnapshot['stages'][number]): string | undefined {
  return stage.breakCategoryId ? stage.name.replace(/淘汰赛$/, '') : undefined;
}

/** An elimination round's name: 半决赛, 决赛 …, prefixed by the category's name for a category's knockout. */
function roundName(bp: boolean, number: number, total: number, category?: string): string {
  const name = bp ? bpEliminationRoundName(number, total) : knockoutRoundName(number, total);
  return category ? `${category} ${name}` : name;
}

/** Side counts so far per team, from a tournament's fixtures (for balancing new sides). */
function sideHistory(fixtures: readonly FixtureRow[]): Map<string, Record<SideId, number>> {
  const history = new Map<string, Record<SideId, number>>();
  for (const fixture of fixtures) {
    for (const [team, side] of [
      [fixture.affTeamId, 'aff'],
      [fixture.negTeamId, 'neg'],
    ] as const) {
      if (!team) continue;
      const count = history.get(team) ?? { aff: 0, neg: 0 };
      history.set(team, { ...count, [side]: count[side] + 1 });
    }
  }
  return history;
}

/** Fixtures for knockout nodes, sides balanced against the teams' earlier sides, ties by the seed. */
function knockoutFixtures(
  snapshot: TournamentSnapshot,
  tournament: TournamentRow,
  roundId: string,
  nodes: ReturnType<typeof playableNodes>,
  seed: string,
): NewFixture[] {
  const sided = drawSides(
    nodes.map((node) => ({ a: node.teamIds[0]!, b: node.teamIds[1]! })),
    seed,
    sideHistory(snapshot.fixtures),
  );
  return nodes.map((node, position) => ({
    id: newId(),
    tournamentId: tournament.id,
    roundId,
    position,
    bracketNodeId: node.id,
    affTeamId: sided[position]!.aff,
    negTeamId: sided[position]!.neg,
    sidesDrawn: true,
    venue: tournament.venues[position % Math.max(1, tournament.venues.length)] ?? '',
  }));
}
