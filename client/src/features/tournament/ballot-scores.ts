/** The speaker scores of a ballot as typed on the phone: checked in Chinese, then as the hub takes them. */
import type { BallotInput, SideId } from '@bianshi/shared';
import { tournament as tournamentText } from '../../i18n/zh-CN/tournament';

const t = tournamentText.ballot;

/** A problem with the speaker scores in Chinese, or null: all empty, or every one a number from 0 to 100. */
export function checkScores(scores: Record<SideId, string[]>): string | null {
  const all = [...scores.aff, ...scores.neg].map((value) => value.trim());
  if (all.every((value) => value === '')) return null;
  if (all.some((value) => value === '')) return t.scoresIncomplete;
  if (all.some((value) => !Number.isFinite(Number(value)) || Number(value) < 0 || Number(value) > 100))
    return t.scoreRange;
  return null;
}

/** The ballot's speaker scores: null when none were entered (checked by {@link checkScores} first). */
export function speakerScoresOf(scores: Record<SideId, string[]>): BallotInput['speakerScores'] {
  if ([...scores.aff, ...scores.neg].every((value) => value.trim() === '')) return null;
  return { aff: scores.aff.map(Number), neg: scores.neg.map(Number) };
}
