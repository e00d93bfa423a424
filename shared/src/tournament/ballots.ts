/**
 * A fixture's ballots into its result: 票型, the winner, speaker points and the best-debater
 * vote. The result confirms itself only when every assigned judge has voted and all agree.
 */
import type { SideId } from '../formats/format.schema';
import type { BestDebaterVote } from './tournament.schema';

/** One judge's ballot as the tally needs it. */
export interface TallyBallot {
  winner: SideId;
  speakerScores: { aff: number[]; neg: number[] } | null;
  bestDebater: BestDebaterVote | null;
}

/** What the ballots say. `winner` is null when the votes are level. */
export interface BallotTally {
  votes: { aff: number; neg: number };
  winner: SideId | null;
  /** Every assigned judge has voted. */
  complete: boolean;
  /** Every ballot names the same winner (and there is at least one). */
  unanimous: boolean;
  /** Mean per side of each scoring ballot's total; null when no ballot scored. */
  speakerPoints: { aff: number; neg: number } | null;
  /** The most-voted best debater (ties: 正方 first, then the lower position); null when none. */
  bestDebater: BestDebaterVote | null;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Tallies the ballots of a fixture with `assignedJudges` judges. */
export function tallyBallots(ballots: readonly TallyBallot[], assignedJudges: number): BallotTally {
  const aff = ballots.filter((ballot) => ballot.winner === 'aff').length;
  const neg = ballots.length - aff;
  const scored = ballots.filter((ballot) => ballot.speakerScores !== null);
  const speakerPoints = scored.length
    ? {
        aff:
          Math.round((sum(scored.map((ballot) => sum(ballot.speakerScores!.aff))) / scored.length) * 100) /
          100,
        neg:
          Math.round((sum(scored.map((ballot) => sum(ballot.speakerScores!.neg))) / scored.length) * 100) /
          100,
      }
    : null;
  const counts = new Map<string, { vote: BestDebaterVote; count: number }>();
  for (const ballot of ballots) {
    if (!ballot.bestDebater) continue;
    const key = `${ballot.bestDebater.side}:${ballot.bestDebater.position}`;
    counts.set(key, { vote: ballot.bestDebater, count: (counts.get(key)?.count ?? 0) + 1 });
  }
  const best =
    [...counts.values()].sort(
      (x, y) =>
        y.count - x.count ||
        (x.vote.side === y.vote.side ? x.vote.position - y.vote.position : x.vote.side === 'aff' ? -1 : 1),
    )[0]?.vote ?? null;
  return {
    votes: { aff, neg },
    winner: aff === neg ? null : aff > neg ? 'aff' : 'neg',
    complete: ballots.length >= assignedJudges,
    unanimous: ballots.length > 0 && (aff === 0 || neg === 0),
    speakerPoints,
    bestDebater: best,
  };
}
