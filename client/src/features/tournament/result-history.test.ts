import type { TournamentTeam } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import {
  bestDebaterText,
  historyAuthor,
  historyChange,
  resultText,
  scoresText,
  votedForText,
} from './result-history';

const team = (name: string, members: string[] = []): TournamentTeam => ({
  id: name,
  name,
  school: '',
  schoolKey: '',
  libraryTeamId: null,
  librarySchoolId: null,
  members,
  seed: null,
  poolId: null,
});
const teams = { aff: team('复旦大学', ['甲一', '甲二', '甲三', '甲四']), neg: team('武汉大学') };

describe('result history text', () => {
  it.each([
    [{ winner: 'aff' as const, votes: { aff: 2, neg: 1 } }, '正方胜 2:1'],
    [{ winner: 'neg' as const, votes: { aff: 0, neg: 3 } }, '反方胜 0:3'],
  ])('reads %j as %s', (result, text) => expect(resultText(result)).toBe(text));

  it('names the best debater when the team lists its members', () => {
    expect(bestDebaterText({ side: 'aff', position: 2 }, teams)).toBe('正方二辩 甲二');
    expect(bestDebaterText({ side: 'neg', position: 4 }, teams)).toBe('反方四辩');
  });

  it('reads a ballot: winner, scores with their sum', () => {
    expect(votedForText({ winner: 'neg' }, teams)).toBe('判反方「武汉大学」胜');
    expect(scoresText('aff', [78, 80.5, 79, 81])).toBe('正方辩手分：78 · 80.5 · 79 · 81（合计 318.5）');
  });

  it('reads who changed a result and what, before → after', () => {
    expect(historyAuthor({ byName: 'auto', action: 'auto-confirmed' })).toBe('系统');
    expect(historyAuthor({ byName: '王老师', action: 'edited' })).toBe('王老师');
    const after = {
      winner: 'neg' as const,
      votes: { aff: 1, neg: 2 },
      bestDebater: { side: 'aff' as const, position: 1 },
    };
    expect(historyChange({ before: null, after }, teams)).toBe('反方胜 1:2，最佳辩手：正方一辩 甲一');
    expect(
      historyChange(
        { before: { winner: 'aff', votes: { aff: 1, neg: 0 }, bestDebater: null }, after },
        teams,
      ),
    ).toBe('正方胜 1:0 → 反方胜 1:2，最佳辩手：正方一辩 甲一');
  });
});
