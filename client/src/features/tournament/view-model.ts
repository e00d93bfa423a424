/**
 * Pure readings of a tournament view for the screens: team names, round names, the phase, and
 * the knockout bracket as the bracket component draws it.
 */
import {
  bpSeatsOf,
  knockoutRoundName,
  type BracketNode,
  type FixtureStatus,
  type MatchState,
  type TournamentFixture,
  type TournamentRound,
  type TournamentStage,
  type TournamentSummary,
  type TournamentTeam,
  type TournamentView,
} from '@bianshi/shared';
import { tournament as tournamentText } from '../../i18n/zh-CN/tournament';
import type { BracketMatch, BracketRound, BracketSlot } from './bracket-layout';

const t = tournamentText;

/** Teams by id. */
export function teamsById(view: Pick<TournamentView, 'teams'>): Map<string, TournamentTeam> {
  return new Map(view.teams.map((team) => [team.id, team]));
}

/** A team's name, or 待定 while the slot is open. */
export function teamNameOf(teams: Map<string, TournamentTeam>, id: string | null): string {
  return (id && teams.get(id)?.name) || t.fixtures.tbd;
}

/** A decided BP room's order, first to fourth: "CG 丙队 > OG 甲队 > …"; '' until ranked. */
export function bpOrderText(
  fixture: Parameters<typeof bpSeatsOf>[0],
  teams: Map<string, TournamentTeam>,
): string {
  const seats = bpSeatsOf(fixture);
  if (!seats || seats.some((seat) => seat.place === null)) return '';
  return [...seats]
    .sort((x, y) => x.place! - y.place!)
    .map((seat) => `${seat.label} ${teamNameOf(teams, seat.teamId)}`)
    .join(' > ');
}

/** Where a tournament is: no draw yet, in its group stage, in its knockout, or done. */
export type TournamentPhase = 'draft' | 'groups' | 'knockout' | 'finished';

/** The phase from the stages and the main knockout's champion (a bracket's, or a BP final's first place). */
export function phaseOf(view: Pick<TournamentView, 'stages' | 'championTeamId'>): TournamentPhase {
  if (view.championTeamId) return 'finished';
  if (view.stages.some((stage) => stage.kind === 'knockout')) return 'knockout';
  if (view.stages.some((stage) => stage.kind === 'group' && stage.pools.length > 0)) return 'groups';
  return 'draft';
}

/** The main knockout (the open break's), once made; other categories' have a `breakCategoryId`. */
export function mainKnockoutOf(view: Pick<TournamentView, 'stages'>): TournamentStage | undefined {
  return view.stages.find((stage) => stage.kind === 'knockout' && stage.breakCategoryId === null);
}

/**
 * Whether the main knockout has begun: its bracket seeded, or (BP, no bracket) a round drafted.
 * An imported knockout (Tabbycat's elimination rounds) waits unseeded until then.
 */
export function knockoutStarted(view: Pick<TournamentView, 'stages' | 'bracket' | 'rounds'>): boolean {
  const main = mainKnockoutOf(view);
  return (
    view.bracket.length > 0 ||
    view.rounds.some((round) => round.stageId === main?.id && round.fixtures.length > 0)
  );
}

/** Whether a listed tournament is over (its last day before `today`, `YYYY-MM-DD`). */
export function isPast(summary: Pick<TournamentSummary, 'endDate'>, today: string): boolean {
  return summary.endDate !== null && summary.endDate < today;
}

/** Today as `YYYY-MM-DD` in local time. */
export function todayOf(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Every fixture of the tournament by id. */
export function fixturesById(rounds: readonly TournamentRound[]): Map<string, TournamentFixture> {
  return new Map(rounds.flatMap((round) => round.fixtures.map((fixture) => [fixture.id, fixture] as const)));
}

/**
 * A knockout bracket (the main one unless `bracket` is given: a category's) as rounds of matches,
 * with byes, winners, votes and feeders.
 */
export function bracketRoundsOf(
  view: Pick<TournamentView, 'bracket' | 'teams' | 'rounds'>,
  bracket: readonly BracketNode[] = view.bracket,
): BracketRound[] {
  if (bracket.length === 0) return [];
  const teams = teamsById(view);
  const fixtures = fixturesById(view.rounds);
  const roundNumbers = [...new Set(bracket.map((node) => node.round))].sort((a, b) => a - b);
  const feedersOf = (node: BracketNode): (string | null)[] => {
    const feeders: (string | null)[] = [null, null];
    for (const other of bracket)
      if (other.nextNodeId === node.id && other.nextSlot !== null) feeders[other.nextSlot] = other.id;
    return feeders;
  };
  return roundNumbers.map((number) => {
    const nodes = bracket.filter((node) => node.round === number).sort((a, b) => a.index - b.index);
    const matches = nodes.map((node): BracketMatch => {
      const fixture = node.fixtureId ? fixtures.get(node.fixtureId) : undefined;
      const result = fixture?.result?.confirmed ? fixture.result : null;
      const slot = (index: 0 | 1): BracketSlot => {
        const teamId = node.teamIds[index];
        const side = fixture
          ? fixture.affTeamId === teamId
            ? 'aff'
            : fixture.negTeamId === teamId
              ? 'neg'
              : null
          : null;
        return {
          name: teamId ? (teams.get(teamId)?.name ?? t.fixtures.tbd) : null,
          seed: node.seeds[index],
          score: result && side ? String(result.votes[side]) : null,
          winner: teamId !== null && node.winnerTeamId === teamId,
          bye: node.bye && teamId === null,
        };
      };
      const feeders = feedersOf(node);
      return {
        id: node.id,
        top: slot(0),
        bottom: slot(1),
        status: node.bye || node.winnerTeamId ? 'finished' : (fixture?.status ?? 'scheduled'),
        ...(feeders.some((id) => id !== null) ? { from: feeders } : {}),
        href: fixture?.timerShortid ? `/timer/${fixture.timerShortid}` : null,
      };
    });
    return { id: `round-${number}`, name: knockoutRoundName(number, roundNumbers.at(-1)!), matches };
  });
}

/**
 * A fixture's status as its clock says it (the same watch as the clock): a confirmed result
 * (`finished` from the hub) stays; otherwise a finished match is 已结束, a started one 进行中, a
 * clock at its first stage and never started 未开始. Without a clock yet, the hub's status.
 */
export function liveFixtureStatus(
  server: FixtureStatus,
  clock: Pick<MatchState, 'status' | 'stageIndex'> | null,
): FixtureStatus {
  if (server === 'finished' || !clock) return server;
  if (clock.status === 'finished') return 'finished';
  if (clock.status === 'running' || clock.status === 'paused' || clock.stageIndex > 0) return 'live';
  return 'scheduled';
}
