/** A fixture's ballots and result history as the console reads them out (zh-CN), pure over the data. */
import type {
  BestDebaterVote,
  FixtureBallots,
  ResultHistoryEntry,
  ResultValues,
  SideId,
  TournamentTeam,
} from '@bianshi/shared';
import { format } from '../../i18n';
import { tournament as tournamentText } from '../../i18n/zh-CN/tournament';
import { speakerNumeral } from './format';

const t = tournamentText.history;
const sides = { aff: tournamentText.fixtures.aff, neg: tournamentText.fixtures.neg } as const;

/** The two teams of a fixture (either may be missing while undecided). */
export type FixtureTeams = Record<SideId, TournamentTeam | undefined>;

/** 正方胜 2:1. */
export function resultText(result: Pick<ResultValues, 'winner' | 'votes'>): string {
  return format(t.result, { side: sides[result.winner], aff: result.votes.aff, neg: result.votes.neg });
}

/** 正方2辩 甲二 (the name when the team lists its members). */
export function bestDebaterText(vote: BestDebaterVote, teams: FixtureTeams): string {
  const position = format(tournamentText.ballot.position, {
    side: sides[vote.side],
    n: speakerNumeral(vote.position),
  });
  const name = teams[vote.side]?.members[vote.position - 1];
  return name ? `${position} ${name}` : position;
}

/** 正方辩手分：78 · 80 · 79 · 81（合计 318）. */
export function scoresText(side: SideId, scores: readonly number[]): string {
  const sum = scores.reduce((total, score) => total + score, 0);
  return format(t.scores, { side: sides[side], list: scores.join(' · '), sum: Number(sum.toFixed(2)) });
}

/** One ballot's winner: 判正方「复旦大学」胜. */
export function votedForText(
  ballot: Pick<FixtureBallots['ballots'][number], 'winner'>,
  teams: FixtureTeams,
): string {
  return format(t.votedFor, {
    side: sides[ballot.winner],
    team: teams[ballot.winner]?.name ?? tournamentText.fixtures.tbd,
  });
}

/** Who made a history entry: the organizer's name, or 系统 for an automatic confirmation. */
export function historyAuthor(entry: Pick<ResultHistoryEntry, 'byName' | 'action'>): string {
  return entry.action === 'auto-confirmed' || entry.byName === 'auto' ? t.auto : entry.byName;
}

/** What an entry changed: the result (with 票型) and best debater, before → after when it had one. */
export function historyChange(
  entry: Pick<ResultHistoryEntry, 'before' | 'after'>,
  teams: FixtureTeams,
): string {
  const values = (v: ResultValues) =>
    [
      resultText(v),
      v.bestDebater ? format(t.bestDebater, { name: bestDebaterText(v.bestDebater, teams) }) : '',
    ]
      .filter(Boolean)
      .join('，');
  return entry.before
    ? format(t.change, { before: values(entry.before), after: values(entry.after) })
    : values(entry.after);
}
