import { describe, expect, it } from 'vitest';
import { checkScores, speakerScoresOf } from './ballot-scores';

const filled = (aff: string[], neg: string[]) => ({ aff, neg });
const FOUR = ['78', '80.5', '79', '81'];

describe('speaker scores', () => {
  it.each([
    ['none entered', filled(['', '', '', ''], ['', '', '', '']), null],
    ['all entered', filled(FOUR, FOUR), null],
    ['some missing', filled(FOUR, ['80', '', '', '']), '请填写全部 8 位辩手的分数，或全部留空'],
    ['out of range', filled(FOUR, ['80', '80', '80', '101']), '辩手分须是 0 到 100 之间的数字'],
    ['not a number', filled(FOUR, ['80', '80', '80', 'abc']), '辩手分须是 0 到 100 之间的数字'],
  ])('%s', (_, scores, problem) => {
    expect(checkScores(scores)).toBe(problem);
  });

  it('sends null when none were entered, numbers per position otherwise', () => {
    expect(speakerScoresOf(filled(['', '', '', ''], ['', '', '', '']))).toBeNull();
    expect(speakerScoresOf(filled(FOUR, FOUR))).toEqual({ aff: [78, 80.5, 79, 81], neg: [78, 80.5, 79, 81] });
  });
});
