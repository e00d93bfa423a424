import type { Format, ResultSheet, ShownResult } from '@bianshi/shared';

/**
 * What the display shows of a finished match (在大屏显示结果), from its record's result sheet:
 * the winner, 票型 and 最佳辩手, with the team names (the sides' labels when the sheet has none).
 * Null when the sheet names no winner yet: there is nothing to announce.
 */
export function shownResultOf(sheet: ResultSheet, format: Format): ShownResult | null {
  if (sheet.winner === null) return null;
  const label = (side: 'aff' | 'neg') => format.sides?.[side]?.label ?? (side === 'aff' ? '正方' : '反方');
  return {
    winner: sheet.winner,
    ballots: sheet.ballots,
    bestDebater: sheet.bestDebater.slice(0, 40),
    teams: {
      aff: (sheet.teams.aff.name || label('aff')).slice(0, 80),
      neg: (sheet.teams.neg.name || label('neg')).slice(0, 80),
    },
  };
}
