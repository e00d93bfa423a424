import {
  ballotTooEarly,
  bpWinnerSide,
  isBpRoom,
  tallyBallots,
  type BallotInput,
  type BallotPage,
  type BallotReceipt,
  type BpBallot,
  type BpScores,
  type FixtureBallots,
  type FixtureResult,
  type ResultInput,
  type ResultValues,
} from '@bianshi/shared';
import type { Clock } from '../lib/clock';
import { HubError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { BallotRepository } from './ballot.repository';
import { T } from './messages';
import type { TournamentChanges } from './tournament-changes';
import { fixtureView, resultView } from './tournament-view';
import type {
  FixtureRow,
  JudgeRow,
  ResultRow,
  TournamentRepository,
  TournamentRow,
} from './tournament.repository';

/**
 * Judges' ballots (by their private link) and fixtures' results. Every write to one fixture's
 * ballots or result happens under a row lock on the fixture, so judges submitting at the same
 * moment, on any hub, produce exactly one result; a retried submission (same `submissionId`)
 * is answered `duplicate` and never counts twice.
 */
export class BallotService {
  constructor(
    private readonly repository: TournamentRepository,
    private readonly ballotRepository: BallotRepository,
    private readonly changes: TournamentChanges,
    private readonly clock: Clock,
  ) {}

  /** The judge's page: every fixture of a published round they are assigned to. */
  async page(token: string): Promise<BallotPage> {
    const judge = await this.judge(token);
    const tournament = await this.repository.find(judge.tournamentId);
    if (!tournament) throw new HubError('NOT_FOUND', T.notFound, 'tournament-not-found');
    const snapshot = await this.repository.snapshot(tournament);
    const published = new Map(
      snapshot.rounds.filter((round) => round.status === 'published').map((round) => [round.id, round]),
    );
    const teams = new Map(snapshot.teams.map((team) => [team.id, team]));
    const now = this.clock.now();
    const mine = snapshot.fixtures.filter(
      (fixture) => published.has(fixture.roundId) && fixture.judgeIds.includes(judge.id),
    );
    const progress = await this.repository.matchProgress(
      mine.flatMap((fixture) => (fixture.timerId ? [fixture.timerId] : [])),
    );
    const side = (id: string | null) => {
      const team = id ? teams.get(id) : undefined;
      return team ? { id: team.id, name: team.name, school: team.school, members: team.members } : null;
    };
    return {
      tournament: { id: tournament.id, slug: tournament.slug, name: tournament.name },
      judge: { id: judge.id, name: judge.name },
      fixtures: mine.map((fixture) => {
        const mine = snapshot.ballots.find(
          (ballot) => ballot.fixtureId === fixture.id && ballot.judgeId === judge.id,
        );
        const confirmed = snapshot.results.some(
          (result) => result.fixtureId === fixture.id && result.confirmed,
        );
        // Refused before the format's end of speeches, with the reason on the phone.
        const early = ballotTooEarly(fixture.timerId ? (progress.get(fixture.timerId) ?? null) : null);
        // BP: the chair (first judge of the panel) submits the panel's one ballot.
        const bp = isBpRoom(fixture);
        const chair = fixture.judgeIds[0] === judge.id;
        return {
          // The judge sees the topic once released, like the public, and the result once confirmed.
          fixture: fixtureView(snapshot, fixture, false, now),
          roundName: published.get(fixture.roundId)!.name,
          aff: side(fixture.affTeamId),
          neg: side(fixture.negTeamId),
          bp: bp ? { cg: side(fixture.cgTeamId), co: side(fixture.coTeamId), chair } : null,
          myBallot: mine
            ? {
                winner: mine.winner,
                speakerScores: mine.speakerScores ?? null,
                bp:
                  mine.ranking && mine.positionScores
                    ? { ranking: mine.ranking, scores: mine.positionScores }
                    : null,
                bestDebater: mine.bestDebater ?? null,
                comment: mine.comment,
                submittedAt: mine.submittedAt,
              }
            : null,
          open: !confirmed && early === null && (!bp || chair),
          closedReason: confirmed ? T.ballotConfirmed : bp && !chair ? T.ballotBpChairOnly : early,
        };
      }),
    };
  }

  /** Records (or corrects) a judge's ballot; confirms the result when every assigned judge agrees. */
  async submit(
    token: string,
    fixtureId: string,
    submissionId: string,
    ballot: BallotInput,
  ): Promise<BallotReceipt> {
    const judge = await this.judge(token);
    const now = this.clock.now();
    return this.changes.write(judge.tournamentId, async (db): Promise<BallotReceipt> => {
      const tx = this.ballotRepository.in(db);
      const fixture = await tx.lockFixture(fixtureId);
      if (!fixture || fixture.tournamentId !== judge.tournamentId)
        throw new HubError('NOT_FOUND', T.fixtureNotFound, 'fixture-not-found');
      if (!fixture.judgeIds.includes(judge.id))
        throw new HubError('FORBIDDEN', T.ballotNotAssigned, 'ballot-not-assigned');
      const earlier = await tx.ballotBySubmission(submissionId);
      if (earlier) {
        if (earlier.judgeId !== judge.id || earlier.fixtureId !== fixtureId)
          throw new HubError('CONFLICT', T.ballotSubmissionReused, 'submission-reused');
        return {
          fixtureId,
          status: 'duplicate',
          submittedAt: earlier.submittedAt,
          result: await resultOf(tx, fixture),
        };
      }
      if ((await tx.roundStatus(fixture.roundId)) !== 'published')
        throw new HubError('BAD_REQUEST', T.ballotRoundNotPublished, 'ballot-round-unpublished');
      const current = await tx.resultOf(fixtureId);
      if (current?.confirmed) throw new HubError('CONFLICT', T.ballotConfirmed, 'ballot-confirmed');
      const early = ballotTooEarly(
        fixture.timerId
          ? ((await this.repository.matchProgress([fixture.timerId], db)).get(fixture.timerId) ?? null)
          : null,
      );
      if (early) throw new HubError('BAD_REQUEST', early, 'ballot-too-early');
      // A BP room (four teams) takes one consensus ballot, the chair's; a two-team room takes no ranking.
      const bp = isBpRoom(fixture);
      if (bp && fixture.judgeIds[0] !== judge.id)
        throw new HubError('FORBIDDEN', T.ballotBpChairOnly, 'ballot-bp-chair-only');
      if (bp && !ballot.bp) throw new HubError('BAD_REQUEST', T.ballotBpMissing, 'ballot-bp-missing');
      if (!bp && ballot.bp) throw new HubError('BAD_REQUEST', T.ballotBpNotBp, 'ballot-bp-not-bp');
      const values = {
        submissionId,
        winner: ballot.bp ? bpWinnerSide(ballot.bp.ranking) : ballot.winner,
        speakerScores: ballot.bp ? null : ballot.speakerScores,
        ranking: ballot.bp?.ranking ?? null,
        positionScores: ballot.bp?.scores ?? null,
        bestDebater: ballot.bestDebater,
        comment: ballot.comment,
        submittedAt: now,
      };
      await tx.saveBallot({ fixtureId, judgeId: judge.id, tournamentId: judge.tournamentId }, values);
      if (bp)
        await writeResult(
          tx,
          fixture,
          current,
          {
            winner: values.winner,
            votes: { aff: 0, neg: 0 },
            bestDebater: null,
            ranking: values.ranking,
          },
          null,
          { byName: 'auto', action: 'auto-confirmed', note: '', now },
          values.positionScores,
        );
      else await this.settle(tx, fixture, current, now);
      return { fixtureId, status: 'accepted', submittedAt: now, result: await resultOf(tx, fixture) };
    });
  }

  /** Every ballot of a fixture with the judges' names, and the result's history. */
  async ballots(tournament: TournamentRow, fixtureId: string): Promise<FixtureBallots> {
    await this.fixture(tournament, fixtureId);
    const rows = await this.ballotRepository.ballotsWithJudges(fixtureId);
    const history = await this.repository.history(fixtureId);
    return {
      fixtureId,
      ballots: rows.map(({ ballot, judgeName }) => ({
        judgeId: ballot.judgeId,
        judgeName,
        winner: ballot.winner,
        speakerScores: ballot.speakerScores ?? null,
        bp:
          ballot.ranking && ballot.positionScores
            ? { ranking: ballot.ranking, scores: ballot.positionScores }
            : null,
        bestDebater: ballot.bestDebater ?? null,
        comment: ballot.comment,
        submittedAt: ballot.submittedAt,
      })),
      history: history.map((entry) => ({
        at: entry.at,
        byName: entry.byName,
        action: entry.action,
        before: entry.before ?? null,
        after: entry.after,
        note: entry.note,
      })),
    };
  }

  /** Confirms the result the ballots give (a split decision waits for this). */
  async confirm(tournament: TournamentRow, fixtureId: string, byName: string): Promise<FixtureResult> {
    return this.decide(tournament, fixtureId, 'two-team', async (tx, fixture, now) => {
      const tally = await ballotTally(tx, fixture);
      if (tally.votes.aff + tally.votes.neg === 0)
        throw new HubError('BAD_REQUEST', T.resultNoBallots, 'no-ballots');
      if (!tally.winner) throw new HubError('BAD_REQUEST', T.resultTie, 'result-tie');
      const current = await tx.resultOf(fixtureId);
      if (!current?.confirmed) {
        await writeResult(
          tx,
          fixture,
          current,
          { winner: tally.winner, votes: tally.votes, bestDebater: tally.bestDebater },
          tally.speakerPoints,
          { byName, action: 'confirmed', note: '', now },
        );
      }
      return (await resultOf(tx, fixture))!;
    });
  }

  /** Sets or corrects a result by hand: confirmed, its history keeps what it was. */
  async edit(
    tournament: TournamentRow,
    fixtureId: string,
    result: ResultInput,
    note: string,
    byName: string,
  ): Promise<FixtureResult> {
    return this.decide(tournament, fixtureId, 'two-team', async (tx, fixture, now) => {
      const current = await tx.resultOf(fixtureId);
      // A split decided by hand keeps the speaker points its ballots gave.
      const speakerPoints = current?.speakerPoints ?? (await ballotTally(tx, fixture)).speakerPoints;
      await writeResult(tx, fixture, current, result, speakerPoints, {
        byName,
        action: 'edited',
        note,
        now,
      });
      return (await resultOf(tx, fixture))!;
    });
  }

  /**
   * Sets or corrects a BP room's result by hand: the four teams' places and their speakers'
   * scores (the chair's ballot missing, or wrong). Confirmed; its history keeps what it was.
   */
  async editBp(
    tournament: TournamentRow,
    fixtureId: string,
    bp: BpBallot,
    note: string,
    byName: string,
  ): Promise<FixtureResult> {
    return this.decide(tournament, fixtureId, 'bp', async (tx, fixture, now) => {
      if ((await tx.roundStatus(fixture.roundId)) !== 'published')
        throw new HubError('BAD_REQUEST', T.resultRoundUnpublished, 'result-round-unpublished');
      const current = await tx.resultOf(fixtureId);
      await writeResult(
        tx,
        fixture,
        current,
        {
          winner: bpWinnerSide(bp.ranking),
          votes: { aff: 0, neg: 0 },
          bestDebater: null,
          ranking: bp.ranking,
        },
        null,
        { byName, action: 'edited', note, now },
        bp.scores,
      );
      return (await resultOf(tx, fixture))!;
    });
  }

  /**
   * An organizer's decision on one fixture's result, under the fixture's row lock, refused in
   * Chinese when the room is not of the kind the decision is for (a winner and 票型 for a
   * two-team room, places for a BP room).
   */
  private async decide<T>(
    tournament: TournamentRow,
    fixtureId: string,
    room: 'two-team' | 'bp',
    work: (tx: BallotRepository, fixture: FixtureRow, now: number) => Promise<T>,
  ): Promise<T> {
    await this.fixture(tournament, fixtureId);
    const now = this.clock.now();
    return this.changes.write(tournament.id, async (db) => {
      const tx = this.ballotRepository.in(db);
      const fixture = (await tx.lockFixture(fixtureId))!;
      const bp = isBpRoom(fixture);
      if (bp && room === 'two-team') throw new HubError('BAD_REQUEST', T.resultBpManual, 'result-bp-manual');
      if (!bp && room === 'bp') throw new HubError('BAD_REQUEST', T.resultNotBp, 'result-not-bp');
      return work(tx, fixture, now);
    });
  }

  /** After a ballot: the pending result follows the ballots; all in and unanimous confirms it. */
  private async settle(
    tx: BallotRepository,
    fixture: FixtureRow,
    current: ResultRow | null,
    now: number,
  ): Promise<void> {
    const tally = await ballotTally(tx, fixture);
    if (!tally.winner) {
      await tx.deletePendingResult(fixture.id);
      return;
    }
    const values = { winner: tally.winner, votes: tally.votes, bestDebater: tally.bestDebater };
    if (tally.complete && tally.unanimous) {
      await writeResult(tx, fixture, current, values, tally.speakerPoints, {
        byName: 'auto',
        action: 'auto-confirmed',
        note: '',
        now,
      });
      return;
    }
    await tx.savePendingResult(fixture, values, tally.speakerPoints);
  }

  /** The judge of a token; refused with a Chinese reason when unknown or revoked. */
  private async judge(token: string): Promise<JudgeRow> {
    const found = await this.repository.judgeByToken(token);
    if (!found) throw new HubError('FORBIDDEN', T.ballotLinkInvalid, 'ballot-link-invalid');
    if (found.judge.revoked || !found.current)
      throw new HubError('FORBIDDEN', T.ballotLinkRevoked, 'ballot-link-revoked');
    return found.judge;
  }

  private async fixture(tournament: TournamentRow, fixtureId: string): Promise<FixtureRow> {
    const fixture = await this.ballotRepository.findFixture(tournament.id, fixtureId);
    if (!fixture) throw new HubError('NOT_FOUND', T.fixtureNotFound, 'fixture-not-found');
    return fixture;
  }
}

/**
 * What a fixture's ballots say, read inside the transaction (after the fixture's lock), under
 * the tournament's casting vote as it is now, or as `castingVote` says it is about to be.
 */
async function ballotTally(tx: BallotRepository, fixture: FixtureRow, castingVote?: boolean) {
  const ballots = await tx.ballotsOf(fixture.id);
  return tallyBallots(
    ballots.map((ballot) => ({
      judgeId: ballot.judgeId,
      winner: ballot.winner,
      speakerScores: ballot.speakerScores ?? null,
      bestDebater: ballot.bestDebater ?? null,
    })),
    fixture.judgeIds.length,
    // The chair (first of the voting panel) casts the deciding vote on level votes, if the tournament says so.
    fixture.judgeIds[0] ?? null,
    castingVote ?? (await tx.castingVote(fixture.tournamentId)),
  );
}

/**
 * After a tournament's casting vote changed (to `castingVote`, not yet written): every two-team
 * room waiting on its ballots gets the pending result they now give, or none on level votes
 * without the casting vote. Confirmed results stay. Runs in the settings change's transaction;
 * it locks the rooms (in id order) before that transaction touches the tournament's row, the
 * order a ballot takes them in.
 */
export async function resettlePending(
  tx: BallotRepository,
  tournamentId: string,
  castingVote: boolean,
): Promise<void> {
  for (const fixture of await tx.lockUndecidedFixtures(tournamentId)) {
    if (isBpRoom(fixture)) continue;
    const tally = await ballotTally(tx, fixture, castingVote);
    if (!tally.winner) await tx.deletePendingResult(fixture.id);
    else
      await tx.savePendingResult(
        fixture,
        { winner: tally.winner, votes: tally.votes, bestDebater: tally.bestDebater },
        tally.speakerPoints,
      );
  }
}

/** Writes a confirmed result and its history entry. */
async function writeResult(
  tx: BallotRepository,
  fixture: FixtureRow,
  current: ResultRow | null,
  values: ResultValues,
  speakerPoints: { aff: number; neg: number } | null,
  change: { byName: string; action: 'auto-confirmed' | 'confirmed' | 'edited'; note: string; now: number },
  positionScores: BpScores | null = null,
): Promise<void> {
  const set = {
    ...values,
    speakerPoints,
    ranking: values.ranking ?? null,
    positionScores,
    confirmed: true,
    confirmedBy: change.byName,
    confirmedAt: change.now,
    version: (current?.version ?? 0) + 1,
  };
  await tx.saveResult(fixture, set);
  await tx.appendHistory({
    id: newId(),
    fixtureId: fixture.id,
    tournamentId: fixture.tournamentId,
    at: change.now,
    byName: change.byName,
    action: change.action,
    before: current?.confirmed
      ? {
          winner: current.winner,
          votes: current.votes,
          bestDebater: current.bestDebater ?? null,
          ...(current.ranking ? { ranking: current.ranking } : {}),
        }
      : null,
    after: values,
    note: change.note,
  });
  // The library's record of the match (its school pages count the win) follows the result; a
  // BP room has no winner and loser to record there.
  if (!values.ranking) await tx.recordInLibrary(fixture, values);
}

/** The fixture's result as screens show it, read inside the transaction. */
async function resultOf(tx: BallotRepository, fixture: FixtureRow): Promise<FixtureResult | null> {
  const row = await tx.resultOf(fixture.id);
  if (!row) return null;
  const teams = await tx.teamsOf(fixture.tournamentId);
  return resultView(row, fixture, new Map(teams.map((team) => [team.id, team])));
}
