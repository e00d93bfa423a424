import { isBpRoom, TOURNAMENT_LIMITS, type JudgeShortfall } from '@bianshi/shared';
import { and, eq, sql } from 'drizzle-orm';
import { MemberRepository } from '../timers/timer-members.repository';
import { TimerRepository, type MatchRow, type TimerRecord } from '../timers/timer.repository';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { LobbyRepository } from '../lobbies/lobby.repository';
import type { LobbyService } from '../lobbies/lobby.service';
import type { TimerService } from '../timers/timer.service';
import { planJudges } from './draw.service';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { shownTopic } from './tournament-view';
import type { TournamentRepository, TournamentRow, TournamentSnapshot } from './tournament.repository';
import { tournamentFixtures, tournamentRounds } from './tournament.schema';

/** The answer to publishing a round. */
export interface PublishedRound {
  roundId: string;
  lobbyId: string;
  timerIds: string[];
  shortfalls: JudgeShortfall[];
}

/**
 * Publishes a drafted round, all or nothing, in one transaction: a timer per fixture (the
 * tournament's format, the teams' names, venue, judges and any released topic on its display),
 * one lobby (grid) showing all of them, judges assigned where none were placed, and the round
 * marked published only if it was still a draft. A failure anywhere leaves no timer, no lobby
 * and the round a draft.
 */
export class RoundPublisher {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly changes: TournamentChanges,
    private readonly timers: TimerService,
    private readonly lobbies: LobbyService,
    private readonly clock: Clock,
  ) {}

  /**
   * `asPlaced`: the fixtures' judges are kept as they are (a panel the tab site chose), none
   * added or dropped.
   */
  async publish(
    tournament: TournamentRow,
    roundId: string,
    options: { asPlaced?: boolean } = {},
  ): Promise<PublishedRound> {
    const snapshot = await this.repository.snapshot(tournament);
    const round = snapshot.rounds.find((candidate) => candidate.id === roundId);
    if (!round) throw new HubError('NOT_FOUND', T.roundNotFound, 'round-not-found');
    if (round.status !== 'draft') throw new HubError('CONFLICT', T.roundAlreadyPublished, 'round-published');
    const fixtures = snapshot.fixtures.filter((fixture) => fixture.roundId === roundId);
    if (fixtures.length === 0) throw new HubError('BAD_REQUEST', T.roundEmpty, 'round-empty');
    if (fixtures.length > TOURNAMENT_LIMITS.roomsPerRound)
      throw new HubError('BAD_REQUEST', T.roundTooBig(TOURNAMENT_LIMITS.roomsPerRound), 'round-too-big');
    const { judgesByFixture, shortfalls } = options.asPlaced
      ? { judgesByFixture: new Map<string, string[]>(), shortfalls: [] }
      : planJudges(snapshot, roundId);
    const now = this.clock.now();
    const prepared = this.prepareTimers(
      snapshot,
      round.name,
      fixtures.map((fixture) => ({ fixture, judgeIds: judgesByFixture.get(fixture.id) ?? fixture.judgeIds })),
      now,
    );
    const lobbyId = await this.changes.write(tournament.id, async (tx) => {
      await this.writeTimers(tx, snapshot, prepared);
      const { lobby } = await this.lobbies.insert(new LobbyRepository(tx), {
        name: `${tournament.name} · ${round.name}`.slice(0, 60),
        organizerName: tournament.name.slice(0, 40),
        visibility: tournament.visibility === 'public' ? 'public' : 'private',
        timerIds: prepared.map(({ timer }) => timer.id),
        ownerId: tournament.ownerId,
        mode: 'grid',
      });
      await setFixtureTimers(tx, prepared);
      const [published] = await tx
        .update(tournamentRounds)
        .set({ status: 'published', lobbyId: lobby.id, publishedAt: now })
        .where(and(eq(tournamentRounds.id, roundId), eq(tournamentRounds.status, 'draft')))
        .returning({ id: tournamentRounds.id });
      // Published by someone else meanwhile: roll everything back.
      if (!published) throw new HubError('CONFLICT', T.roundAlreadyPublished, 'round-published');
      return lobby.id;
    });
    return { roundId, lobbyId, timerIds: prepared.map(({ timer }) => timer.id), shortfalls };
  }

  /** New timers (not yet written) for fixtures of a round, with the judges each will have. */
  prepareTimers(
    snapshot: TournamentSnapshot,
    roundName: string,
    fixtures: ReadonlyArray<{ fixture: TournamentSnapshot['fixtures'][number]; judgeIds: string[] }>,
    now: number,
  ) {
    return fixtures.map(({ fixture, judgeIds }) => ({
      fixture,
      judgeIds,
      ...this.timers.prepare(fixtureTimerInput(snapshot, roundName, fixture, judgeIds, now)),
    }));
  }

  /** Writes prepared timers in `tx`: organizers run the clocks from their accounts; the owner owns every timer. */
  async writeTimers(
    tx: Db,
    snapshot: TournamentSnapshot,
    prepared: ReadonlyArray<{ timer: TimerRecord; match: MatchRow }>,
  ): Promise<void> {
    const staffEditors = snapshot.staff
      .filter((member) => member.role === 'organizer')
      .map((member) => member.userId);
    await new TimerRepository(tx).createTimers(prepared);
    await new MemberRepository(tx).putMany(
      prepared.map(({ timer }) => timer.id),
      staffEditors,
      'editor',
    );
  }
}

/** Points every fixture at its new timer and judges, in one statement. */
async function setFixtureTimers(
  tx: Db,
  prepared: ReadonlyArray<{ fixture: { id: string }; timer: { id: string }; judgeIds: readonly string[] }>,
): Promise<void> {
  if (prepared.length === 0) return;
  const rows = sql.join(
    prepared.map(
      ({ fixture, timer, judgeIds }) => sql`(${fixture.id}, ${timer.id}, ${JSON.stringify(judgeIds)}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${tournamentFixtures}
    set timer_id = v.timer_id, judge_ids = v.judge_ids
    from (values ${rows}) as v(id, timer_id, judge_ids)
    where ${tournamentFixtures.id} = v.id`);
}

/** The timer of one fixture: named after the match, with teams, venue, judges and a released topic on its display. */
export function fixtureTimerInput(
  snapshot: TournamentSnapshot,
  roundName: string,
  fixture: TournamentSnapshot['fixtures'][number],
  judgeIds: readonly string[],
  now: number,
) {
  const { tournament } = snapshot;
  const team = (id: string | null) => snapshot.teams.find((candidate) => candidate.id === id);
  const side = (id: string | null) => {
    const row = team(id);
    return {
      name: row?.name ?? '',
      school: row?.school ?? '',
      debaters: row?.members ?? [],
      teamId: row?.libraryTeamId ?? null,
      schoolId: row?.librarySchoolId ?? null,
    };
  };
  const topic = shownTopic(snapshot, fixture, now);
  // The room's judges as its display lists them: the voting panel (chair first), then trainees.
  const judges = [...judgeIds, ...fixture.traineeIds.filter((id) => !judgeIds.includes(id))]
    .map((id) => snapshot.judges.find((judge) => judge.id === id)?.name ?? '')
    .filter(Boolean);
  const bp = isBpRoom(fixture);
  const { aff, neg } = bp
    ? bpBenches(
        side(fixture.affTeamId),
        side(fixture.negTeamId),
        side(fixture.cgTeamId),
        side(fixture.coTeamId),
      )
    : { aff: side(fixture.affTeamId), neg: side(fixture.negTeamId) };
  return {
    name: `${roundName} ${aff.name} vs ${neg.name}`.slice(0, 80),
    description: tournament.name,
    // A BP room runs on the BP clock (eight speeches of 7:00) unless the tournament has its own format.
    ...(tournament.format.kind === 'custom'
      ? { format: tournament.format.format }
      : { formatId: bp ? 'bp' : tournament.format.id }),
    ownerId: tournament.ownerId,
    private: tournament.visibility === 'private',
    settings: {
      teams: { aff, neg },
      topic: topic?.text ?? null,
      ...(topic?.topicId ? { topicId: topic.topicId } : {}),
      details: { topic: topic?.text ?? '', judges, venue: fixture.venue, notes: '' },
    },
  };
}

type DisplaySide = {
  name: string;
  school: string;
  debaters: string[];
  teamId: string | null;
  schoolId: string | null;
};

/**
 * A BP room's four teams on the display's two benches: government "OG 甲队 / CG 丙队",
 * opposition "OO 乙队 / CO 丁队", each bench's speakers in speaking order (PM, DPM, MG, GW).
 * The library links are left off: a bench is two teams.
 */
export function bpBenches(og: DisplaySide, oo: DisplaySide, cg: DisplaySide, co: DisplaySide) {
  const bench = (first: DisplaySide, firstLabel: string, second: DisplaySide, secondLabel: string) => ({
    name: `${firstLabel} ${first.name} / ${secondLabel} ${second.name}`.slice(0, 80),
    school: '',
    debaters: [...first.debaters.slice(0, 2), ...second.debaters.slice(0, 2)],
    teamId: null,
    schoolId: null,
  });
  return { aff: bench(og, 'OG', cg, 'CG'), neg: bench(oo, 'OO', co, 'CO') };
}
