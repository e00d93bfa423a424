/**
 * A fixture's ballots into its result: 票型, the winner, speaker points and the best-debater
 * vote. The result confirms itself only when every assigned judge has voted and all agree. On
 * level votes the chair's ballot decides when the tournament gives the chair the casting vote
 * (panels.ts), else the room waits for the organizer.
 */
import type { SideId } from '../formats/format.schema';
import { panelDecision } from './panels';
import type { BestDebaterVote } from './tournament.schema';

/** One judge's ballot as the tally needs it. */
export interface TallyBallot {
  /** Who cast it (the chair's ballot is the casting vote). */
  judgeId?: string;
  winner: SideId;
  speakerScores: { aff: number[]; neg: number[] } | null;
  bestDebater: BestDebaterVote | null;
}

/**
 * What the ballots say. `winner` is null when the votes are level and the chair has not voted,
 * or the chair has no casting vote.
 */
export interface BallotTally {
  votes: { aff: number; neg: number };
  winner: SideId | null;
  /** The votes are level and the chair's vote gave `winner`. */
  castingVote: boolean;
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

/** A stage as far as ballots care: speeches are a side's clock (立论, 质询…) or a two-sided one (自由辩论). */
type BallotStage = { kind: string; name: string; side?: unknown };

const isSpeech = (stage: BallotStage) =>
  stage.kind === 'dual' || (stage.kind === 'single' && stage.side !== null && stage.side !== undefined);

/**
 * The stage from which judges' ballots are taken: the first one after the format's last speech
 * (e.g. 公布结果 after 总结陈词), or the last speech itself when nothing follows it.
 */
export function ballotStageIndex(stages: readonly BallotStage[]): number {
  const last = stages.findLastIndex(isSpeech);
  if (last < 0) return 0;
  return last + 1 < stages.length ? last + 1 : last;
}

/**
 * Why a match does not take ballots yet (zh-CN), or null when it does: from the format's
 * end-of-speeches stage on, or once the match is over.
 */
export function ballotTooEarly(
  match: { status: string; stageIndex: number; stages: readonly BallotStage[] } | null,
): string | null {
  if (!match || match.status === 'finished') return null;
  const from = ballotStageIndex(match.stages);
  if (match.stageIndex >= from) return null;
  const current = match.stages[match.stageIndex]?.name ?? '';
  const opening = match.stageIndex === 0 && match.status === 'ready';
  return `${opening ? '比赛尚未开始' : `比赛还在「${current}」`}：发言全部结束（进入「${match.stages[from]?.name ?? ''}」）后才能提交评分`;
}

/**
 * Tallies the ballots of a fixture with `assignedJudges` voting judges (trainees cast none), the
 * chair `chairId` (the first of the fixture's `judgeIds`) deciding level votes when `castingVote`
 * (the tournament's setting) gives them the casting vote.
 */
export function tallyBallots(
  ballots: readonly TallyBallot[],
  assignedJudges: number,
  chairId: string | null = null,
  castingVote = true,
): BallotTally {
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
  const chairVote =
    chairId === null ? null : (ballots.find((ballot) => ballot.judgeId === chairId)?.winner ?? null);
  const decision = panelDecision({ aff, neg }, chairVote, castingVote);
  return {
    votes: { aff, neg },
    winner: decision.winner,
    castingVote: decision.castingVote,
    complete: ballots.length >= assignedJudges,
    unanimous: ballots.length > 0 && (aff === 0 || neg === 0),
    speakerPoints,
    bestDebater: best,
  };
}
