import {
  advanceBracket,
  bpChampion,
  bpStandings,
  type BpStandingsResult,
  getBuiltinFormat,
  motionReleased,
  poolStandings,
  roomMotionText,
  roundMotionStatistics,
  tallyBallots,
  tournamentRoleAtLeast,
  validateFormat,
  type BracketNode,
  type FixtureResult,
  type FixtureStatus,
  type FixtureTopic,
  type MotionStatsRow,
  type RoundMotion,
  type StandingsResult,
  type TournamentFixture,
  type TournamentRole,
  type TournamentView,
} from '@bianshi/shared';
import type {
  FixtureRow,
  MotionRow,
  ResultRow,
  TeamRow,
  TimerProgress,
  TournamentSnapshot,
} from './tournament.repository';
import { T } from './messages';

/**
 * Builds what screens show from a tournament's rows: fixtures with their status and result,
 * standings per pool and the bracket with winners applied. Pure over the snapshot and `now`.
 */

/** 未开始 / 进行中 / 已结束: a confirmed result or a finished match ends it; a started match is live. */
export function fixtureStatus(
  result: ResultRow | undefined,
  progress: TimerProgress | undefined,
): FixtureStatus {
  if (result?.confirmed) return 'finished';
  if (!progress) return 'scheduled';
  if (progress.status === 'finished') return 'finished';
  if (progress.status === 'running' || progress.status === 'paused' || progress.stageIndex > 0) return 'live';
  return 'scheduled';
}

/** The result as screens show it, with the winning team and the best debater's name. */
export function resultView(
  row: ResultRow,
  fixture: FixtureRow,
  teams: ReadonlyMap<string, TeamRow>,
): FixtureResult {
  const winnerTeamId = row.winner === 'aff' ? fixture.affTeamId : fixture.negTeamId;
  const bestTeam = row.bestDebater
    ? teams.get((row.bestDebater.side === 'aff' ? fixture.affTeamId : fixture.negTeamId) ?? '')
    : undefined;
  return {
    winner: row.winner,
    winnerTeamId,
    votes: row.votes,
    bestDebater: row.bestDebater
      ? { ...row.bestDebater, name: bestTeam?.members[row.bestDebater.position - 1] ?? '' }
      : null,
    speakerPoints: row.speakerPoints ?? null,
    ranking: row.ranking ?? null,
    positionScores: row.positionScores ?? null,
    confirmed: row.confirmed,
    confirmedBy: row.confirmedBy,
    confirmedAt: row.confirmedAt,
    version: row.version,
  };
}

/** Confirmed results of the fixtures of `roundIds`, as standings read them. */
export function confirmedResults(
  snapshot: TournamentSnapshot,
  roundIds: ReadonlySet<string>,
): StandingsResult[] {
  const fixtures = new Map(
    snapshot.fixtures
      .filter((fixture) => roundIds.has(fixture.roundId))
      .map((fixture) => [fixture.id, fixture]),
  );
  return snapshot.results.flatMap((result) => {
    const fixture = fixtures.get(result.fixtureId);
    if (!result.confirmed || !fixture?.affTeamId || !fixture.negTeamId) return [];
    return [
      {
        affTeamId: fixture.affTeamId,
        negTeamId: fixture.negTeamId,
        winner: result.winner,
        votes: result.votes,
        speakerPoints: result.speakerPoints ?? null,
      },
    ];
  });
}

/** Confirmed BP rooms of `roundIds` (four teams, a ranking), as BP standings read them. */
export function confirmedBpResults(
  snapshot: TournamentSnapshot,
  roundIds: ReadonlySet<string>,
): BpStandingsResult[] {
  const number = new Map(snapshot.rounds.map((round) => [round.id, round.number]));
  const fixtures = new Map(
    snapshot.fixtures
      .filter((fixture) => roundIds.has(fixture.roundId))
      .map((fixture) => [fixture.id, fixture]),
  );
  return snapshot.results.flatMap((result) => {
    const fixture = fixtures.get(result.fixtureId);
    if (!result.confirmed || !result.ranking || !fixture) return [];
    const { affTeamId: og, negTeamId: oo, cgTeamId: cg, coTeamId: co } = fixture;
    if (!og || !oo || !cg || !co) return [];
    return [
      {
        round: number.get(fixture.roundId) ?? 0,
        teams: { og, oo, cg, co },
        ranking: result.ranking,
        scores: result.positionScores ?? null,
      },
    ];
  });
}

/** Standings of every pool of the group stage (one table when the stage has no pools). */
export function standingsOf(snapshot: TournamentSnapshot): TournamentView['standings'] {
  const stage = snapshot.stages.find((candidate) => candidate.kind === 'group');
  if (!stage) return [];
  // BP: one table by team points, then speaker total.
  if (snapshot.tournament.teamsPerRoom === 4 && stage.pools.length === 0) {
    const roundIds = new Set(
      snapshot.rounds.filter((round) => round.stageId === stage.id).map((round) => round.id),
    );
    return [
      {
        poolId: '',
        poolName: T.overallStandings,
        rows: bpStandings(snapshot.teams, confirmedBpResults(snapshot, roundIds)),
      },
    ];
  }
  const results = confirmedResults(
    snapshot,
    new Set(snapshot.rounds.filter((round) => round.stageId === stage.id).map((round) => round.id)),
  );
  const teams = new Map(snapshot.teams.map((team) => [team.id, team]));
  // A Swiss stage has no pools: one table of every team.
  if (stage.pools.length === 0)
    return [
      {
        poolId: '',
        poolName: T.overallStandings,
        rows: poolStandings(
          snapshot.teams.map((team) => ({ id: team.id, name: team.name, poolId: null })),
          results,
          snapshot.tournament.tieBreaks,
        ),
      },
    ];
  return stage.pools.map((pool) => ({
    poolId: pool.id,
    poolName: pool.name,
    rows: poolStandings(
      pool.teamIds.flatMap((id) => {
        const team = teams.get(id);
        return team ? [{ id: team.id, name: team.name, poolId: pool.id }] : [];
      }),
      results,
      snapshot.tournament.tieBreaks,
    ),
  }));
}

type Stage = TournamentSnapshot['stages'][number];

/** The main knockout (the open break's), else undefined. */
export function mainKnockout(snapshot: Pick<TournamentSnapshot, 'stages'>): Stage | undefined {
  return snapshot.stages.find((stage) => stage.kind === 'knockout' && stage.breakCategoryId === null);
}

/**
 * Whether a knockout has begun: its bracket seeded, or a round of it drafted or published. An
 * imported knockout waits unseeded, with empty rounds, until then.
 */
export function knockoutStarted(
  snapshot: Pick<TournamentSnapshot, 'rounds' | 'fixtures'>,
  stage: Stage,
): boolean {
  if (stage.bracket.length > 0) return true;
  const rounds = new Set(
    snapshot.rounds.filter((round) => round.stageId === stage.id).map((round) => round.id),
  );
  return (
    snapshot.rounds.some((round) => rounds.has(round.id) && round.status === 'published') ||
    snapshot.fixtures.some((fixture) => rounds.has(fixture.roundId))
  );
}

/** The knockout of a break category (null: the main one). */
export function knockoutOf(
  snapshot: Pick<TournamentSnapshot, 'stages'>,
  breakCategoryId: string | null,
): Stage | undefined {
  return snapshot.stages.find(
    (stage) => stage.kind === 'knockout' && stage.breakCategoryId === breakCategoryId,
  );
}

/**
 * A knockout's bracket (the main one unless `stage` is given) with confirmed winners carried
 * forward, and each node's fixture.
 */
export function bracketOf(snapshot: TournamentSnapshot, stage = mainKnockout(snapshot)): BracketNode[] {
  if (!stage || stage.bracket.length === 0) return [];
  const rounds = new Set(
    snapshot.rounds.filter((round) => round.stageId === stage.id).map((round) => round.id),
  );
  const results = new Map(snapshot.results.map((result) => [result.fixtureId, result]));
  const winners = new Map<string, string>();
  const fixtureOf = new Map<string, string>();
  for (const fixture of snapshot.fixtures) {
    if (!fixture.bracketNodeId || !rounds.has(fixture.roundId)) continue;
    fixtureOf.set(fixture.bracketNodeId, fixture.id);
    const result = results.get(fixture.id);
    const winner = result?.confirmed
      ? result.winner === 'aff'
        ? fixture.affTeamId
        : fixture.negTeamId
      : null;
    if (winner) winners.set(fixture.bracketNodeId, winner);
  }
  return advanceBracket(stage.bracket, winners).map((node) => ({
    ...node,
    fixtureId: fixtureOf.get(node.id) ?? null,
  }));
}

/**
 * A knockout's champion (the main one unless `stage` is given) once decided: the bracket final's
 * winner, or in BP the first place of the knockout's final room (its one-room elimination round).
 */
export function championOf(snapshot: TournamentSnapshot, stage = mainKnockout(snapshot)): string | null {
  if (!stage) return null;
  if (snapshot.tournament.teamsPerRoom !== 4)
    return bracketOf(snapshot, stage).find((node) => node.nextNodeId === null)?.winnerTeamId ?? null;
  const drafted = new Set(snapshot.fixtures.map((fixture) => fixture.roundId));
  const last = snapshot.rounds
    .filter((round) => round.stageId === stage.id && drafted.has(round.id))
    .sort((x, y) => x.number - y.number)
    .at(-1);
  if (!last) return null;
  const results = new Map(snapshot.results.map((result) => [result.fixtureId, result]));
  return bpChampion(
    snapshot.fixtures
      .filter((fixture) => fixture.roundId === last.id)
      .map((fixture) => {
        const result = results.get(fixture.id);
        return {
          teams: [fixture.affTeamId!, fixture.negTeamId!, fixture.cgTeamId!, fixture.coTeamId!] as const,
          ranking: result?.confirmed ? (result.ranking ?? null) : null,
        };
      }),
  );
}

/** The display name of the tournament's format. */
export function formatName(snapshot: TournamentSnapshot): string {
  const format = snapshot.tournament.format;
  if (format.kind === 'builtin') return getBuiltinFormat(format.id)?.name ?? format.id;
  const parsed = validateFormat(format.format);
  return parsed.ok ? parsed.format.name : '自定义赛制';
}

/** One fixture as screens show it. Topic text stays hidden from non-staff until released. */
export function fixtureView(
  snapshot: TournamentSnapshot,
  fixture: FixtureRow,
  staff: boolean,
  now: number,
): TournamentFixture {
  const teams = new Map(snapshot.teams.map((team) => [team.id, team]));
  const result = snapshot.results.find((row) => row.fixtureId === fixture.id);
  const progress = fixture.timerId ? snapshot.timers.get(fixture.timerId) : undefined;
  const chosen = snapshot.motions.find((motion) => motion.id === fixture.motionId);
  return {
    id: fixture.id,
    roundId: fixture.roundId,
    poolId: fixture.poolId,
    bracketNodeId: fixture.bracketNodeId,
    affTeamId: fixture.affTeamId,
    negTeamId: fixture.negTeamId,
    cgTeamId: fixture.cgTeamId,
    coTeamId: fixture.coTeamId,
    sidesDrawn: fixture.sidesDrawn,
    bracket: fixture.bracket,
    pullups: fixture.pullups,
    venue: fixture.venue,
    judgeIds: fixture.judgeIds,
    traineeIds: fixture.traineeIds,
    startsAt: fixture.startsAt,
    timerId: fixture.timerId,
    timerShortid: progress?.shortid ?? null,
    status: fixtureStatus(result, progress),
    topic: fixtureTopicOf(snapshot, fixture, staff, now),
    motionId: chosen && (staff || motionReleased(chosen, now)) ? chosen.id : null,
    ballotsIn: snapshot.ballots.filter((ballot) => ballot.fixtureId === fixture.id).length,
    ballotTally: staff ? ballotTallyOf(snapshot, fixture, result) : null,
    result: result && (result.confirmed || staff) ? resultView(result, fixture, teams) : null,
  };
}

/** A fixture's topic: its own (from the topic library), else its round's motions. */
function fixtureTopicOf(
  snapshot: TournamentSnapshot,
  fixture: FixtureRow,
  staff: boolean,
  now: number,
): FixtureTopic {
  if (fixture.topicId === null) {
    const motions = motionsOfRound(snapshot, fixture.roundId);
    if (motions.length > 0) {
      const out = motions.filter((motion) => motionReleased(motion, now));
      const released = out.length > 0;
      const shown = released ? out : staff ? motions : [];
      const releaseAt = out.reduce<number | null>(
        (first, motion) => Math.min(first ?? Infinity, motion.releasedAt!),
        null,
      );
      return {
        set: true,
        topicId: null,
        text: roomMotionText(shown, fixture.motionId),
        affText: '',
        negText: '',
        releaseAt,
        released,
      };
    }
  }
  const topic = fixture.topicId ? snapshot.topics.get(fixture.topicId) : undefined;
  const released = fixture.topicReleaseAt !== null && fixture.topicReleaseAt <= now;
  const visible = released || staff;
  return {
    set: fixture.topicId !== null,
    topicId: visible ? fixture.topicId : null,
    text: visible ? (topic?.text ?? null) : null,
    affText: visible ? (topic?.affText ?? '') : '',
    negText: visible ? (topic?.negText ?? '') : '',
    releaseAt: fixture.topicReleaseAt,
    released,
  };
}

/**
 * The topic a fixture's timer display shows now: its own released topic, else (without one) its
 * round's released motions; null when nothing is out.
 */
export function shownTopic(
  snapshot: TournamentSnapshot,
  fixture: FixtureRow,
  now: number,
): { text: string; topicId: string | null } | null {
  if (fixture.topicId !== null) {
    const topic = snapshot.topics.get(fixture.topicId);
    const released = fixture.topicReleaseAt !== null && fixture.topicReleaseAt <= now;
    return topic && released ? { text: topic.text, topicId: fixture.topicId } : null;
  }
  const out = motionsOfRound(snapshot, fixture.roundId).filter((motion) => motionReleased(motion, now));
  const text = roomMotionText(out, fixture.motionId);
  return text === null ? null : { text, topicId: null };
}

/** A round's motions in order. */
export function motionsOfRound(snapshot: TournamentSnapshot, roundId: string): MotionRow[] {
  return snapshot.motions.filter((motion) => motion.roundId === roundId);
}

/** A round's motions as the caller sees them: staff every one, the public those released. */
function roundMotionsView(
  snapshot: TournamentSnapshot,
  roundId: string,
  staff: boolean,
  now: number,
): RoundMotion[] {
  return motionsOfRound(snapshot, roundId)
    .map((motion) => ({
      id: motion.id,
      seq: motion.seq,
      reference: motion.reference,
      text: motion.text,
      infoSlide: motion.infoSlide,
      releasedAt: motion.releasedAt,
      released: motionReleased(motion, now),
    }))
    .filter((motion) => staff || motion.released);
}

/** Released motions with how the sides fared on them (confirmed results only). */
function motionStatsOf(snapshot: TournamentSnapshot, now: number): MotionStatsRow[] {
  const results = new Map(
    snapshot.results.filter((result) => result.confirmed).map((result) => [result.fixtureId, result]),
  );
  const order = new Map(snapshot.rounds.map((round, index) => [round.id, index]));
  const motions = [...snapshot.motions].sort(
    (x, y) => (order.get(x.roundId!) ?? 0) - (order.get(y.roundId!) ?? 0) || x.seq - y.seq,
  );
  return roundMotionStatistics(
    motions,
    snapshot.fixtures.map((fixture) => ({
      roundId: fixture.roundId,
      chosenMotionId: fixture.motionId,
      result: results.get(fixture.id) ?? null,
    })),
    now,
  ).map(({ motion, motionId, rooms, positionPoints, averages }) => ({
    motionId,
    roundId: motion.roundId!,
    reference: motion.reference,
    text: motion.text,
    rooms,
    positionPoints,
    averages,
  }));
}

/** What a fixture's ballots say, for staff: the votes, the majority, and whether it waits for a decision. */
function ballotTallyOf(
  snapshot: TournamentSnapshot,
  fixture: FixtureRow,
  result: ResultRow | undefined,
): TournamentFixture['ballotTally'] {
  const ballots = snapshot.ballots.filter((ballot) => ballot.fixtureId === fixture.id);
  if (ballots.length === 0) return null;
  const tally = tallyBallots(
    ballots.map((ballot) => ({
      judgeId: ballot.judgeId,
      winner: ballot.winner,
      speakerScores: ballot.speakerScores ?? null,
      bestDebater: ballot.bestDebater ?? null,
    })),
    fixture.judgeIds.length,
    fixture.judgeIds[0] ?? null,
    snapshot.tournament.castingVote,
  );
  return {
    votes: tally.votes,
    winner: tally.winner,
    speakerPoints: tally.speakerPoints,
    bestDebater: tally.bestDebater,
    castingVote: tally.castingVote,
    awaitingDecision: tally.complete && !tally.unanimous && !result?.confirmed,
  };
}

/** Everything the tournament page shows, for a caller with `role` (null: the public). */
export function buildView(
  snapshot: TournamentSnapshot,
  role: TournamentRole | null,
  now: number,
): TournamentView {
  const { tournament } = snapshot;
  const staff = role !== null;
  // Each knockout's bracket and champion, once: the main one's is also the view's own.
  const stages = snapshot.stages.map((stage) => ({
    stage,
    bracket: stage.kind === 'knockout' ? bracketOf(snapshot, stage) : [],
    championTeamId: stage.kind === 'knockout' ? championOf(snapshot, stage) : null,
  }));
  const main = stages.find(({ stage }) => stage === mainKnockout(snapshot));
  const coordinator = tournamentRoleAtLeast(role, 'judgeCoordinator');
  const schools = new Map<string, string>();
  for (const team of snapshot.teams) if (team.schoolKey) schools.set(team.schoolKey, team.school);
  return {
    id: tournament.id,
    slug: tournament.slug,
    name: tournament.name,
    season: tournament.season,
    description: tournament.description,
    format: tournament.format,
    formatName: formatName(snapshot),
    visibility: tournament.visibility,
    startDate: tournament.startDate,
    endDate: tournament.endDate,
    venues: tournament.venues,
    judgesPerFixture: tournament.judgesPerFixture,
    teamsPerRoom: tournament.teamsPerRoom,
    castingVote: tournament.castingVote,
    tieBreaks: tournament.tieBreaks,
    version: tournament.version,
    myRole: role,
    organizers: staff
      ? snapshot.staff.map((member) => ({
          userId: member.userId,
          name: member.name,
          email: member.email,
          role: member.role,
        }))
      : [],
    teams: snapshot.teams.map((team) => ({
      id: team.id,
      name: team.name,
      school: team.school,
      schoolKey: team.schoolKey,
      libraryTeamId: team.libraryTeamId,
      librarySchoolId: team.librarySchoolId,
      members: team.members,
      seed: team.seed,
      poolId: team.poolId,
    })),
    schools: [...schools.entries()]
      .map(([key, name]) => ({ key, name }))
      .sort((x, y) => x.name.localeCompare(y.name, 'zh-CN')),
    judges: snapshot.judges.map((judge) => ({
      id: judge.id,
      name: judge.name,
      userId: coordinator ? judge.userId : null,
      email: coordinator ? judge.email : null,
      conflicts: coordinator ? judge.conflicts : [],
      ballotToken: coordinator && !judge.revoked ? judge.ballotToken : null,
      revoked: judge.revoked,
    })),
    stages: stages.map(({ stage, bracket, championTeamId }) => ({
      id: stage.id,
      kind: stage.kind,
      name: stage.name,
      position: stage.position,
      pools: stage.pools,
      draw: stage.draw ?? null,
      breakCategoryId: stage.breakCategoryId,
      bracket,
      championTeamId,
    })),
    rounds: snapshot.rounds.map((round) => {
      const lobby = round.lobbyId ? snapshot.lobbies.get(round.lobbyId) : undefined;
      return {
        id: round.id,
        stageId: round.stageId,
        number: round.number,
        name: round.name,
        status: round.status,
        publishedAt: round.publishedAt,
        drawKind: round.drawKind,
        draw: round.draw,
        absent: staff ? round.absent : { teams: [], judges: [] },
        // Whoever may see the tournament may watch its rounds (unlisted and private tournaments have private lobbies).
        lobby:
          lobby && round.lobbyId
            ? {
                id: round.lobbyId,
                code: lobby.code,
                joinToken: lobby.visibility === 'private' ? lobby.joinToken : null,
              }
            : null,
        motions: roundMotionsView(snapshot, round.id, staff, now),
        fixtures: snapshot.fixtures
          .filter((fixture) => fixture.roundId === round.id)
          .map((fixture) => fixtureView(snapshot, fixture, staff, now)),
      };
    }),
    standings: standingsOf(snapshot),
    bracket: main?.bracket ?? [],
    championTeamId: main?.championTeamId ?? null,
    motionStats: motionStatsOf(snapshot, now),
  };
}
