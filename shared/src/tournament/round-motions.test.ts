import { describe, expect, it } from 'vitest';
import { debatedMotion, roomMotionText, roundMotionStatistics, roundMotionsSchema } from './round-motions';

const motion = (id: string, text: string, reference = '', releasedAt: number | null = 1, roundId = 'r1') => ({
  id,
  seq: 1,
  reference,
  text,
  releasedAt,
  roundId,
});

describe('round motions', () => {
  it('shows the debated motion, the only one, or every one with its reference', () => {
    const one = [motion('a', '本院支持全民基本收入', '经济')];
    const three = [...one, motion('b', '本院认为人工智能利大于弊', '科技'), motion('c', '本院会禁止手机')];
    expect(roomMotionText([], null)).toBeNull();
    expect(roomMotionText(one, null)).toBe('本院支持全民基本收入');
    expect(roomMotionText(three, null)).toBe(
      '经济：本院支持全民基本收入 ｜ 科技：本院认为人工智能利大于弊 ｜ 本院会禁止手机',
    );
    expect(roomMotionText(three, 'b')).toBe('本院认为人工智能利大于弊');
    expect(debatedMotion(three, null)).toBeNull();
    expect(debatedMotion(three, 'gone')).toBeNull();
    // Cut to the display's 300 characters.
    const long = Array.from({ length: 5 }, (_, i) => motion(`m${i}`, '长'.repeat(100)));
    expect(roomMotionText(long, null)).toHaveLength(300);
  });

  it('counts confirmed rooms per released motion, by side or BP position', () => {
    const motions = [
      motion('a', '甲'),
      motion('b', '乙'),
      motion('c', '丙', '', null),
      motion('d', '丁', '', 1, 'r2'),
    ];
    const stats = roundMotionStatistics(
      motions,
      [
        { roundId: 'r1', chosenMotionId: 'a', result: { winner: 'aff' } },
        { roundId: 'r1', chosenMotionId: 'a', result: { winner: 'neg' } },
        { roundId: 'r1', chosenMotionId: 'b', result: null },
        // Several motions and none chosen: not counted.
        { roundId: 'r1', chosenMotionId: null, result: { winner: 'aff' } },
        // The round's only motion.
        {
          roundId: 'r2',
          chosenMotionId: null,
          result: { winner: 'neg', ranking: { og: 2, oo: 1, cg: 4, co: 3 } },
        },
      ],
      10,
    );
    expect(stats.map((row) => [row.motionId, row.rooms, row.positionPoints])).toEqual([
      ['a', 2, [1, 1]],
      ['b', 0, []],
      ['d', 1, [2, 3, 0, 1]],
    ]);
  });

  it('refuses an empty motion and a sixth one, in Chinese', () => {
    expect(roundMotionsSchema.safeParse([{ reference: '', text: ' ' }]).error?.issues[0]?.message).toBe(
      '请填写辩题',
    );
    const six = Array.from({ length: 6 }, (_, i) => ({ reference: '', text: `题${i}` }));
    expect(roundMotionsSchema.safeParse(six).error?.issues[0]?.message).toBe('每轮最多 5 个辩题');
  });
});
