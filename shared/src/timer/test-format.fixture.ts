/** A compact format exercising every stage kind and feature, for tests of the timer and record. */
import { formatSchema, type Format, type FormatInput } from '../formats/format.schema';

const CN_BELLS = [
  { from: 'end', offsetMs: 10_000, count: 1 },
  { from: 'end', offsetMs: 0, count: 2 },
] as const;

/** Stage indices of `TEST_FORMAT`, by role. */
export const S = {
  cover: 0,
  single: 1,
  countUp: 2,
  relay: 3,
  solo: 4,
  capped: 5,
  prep: 6,
  pooledA: 7,
  pooledB: 8,
  prepAgain: 9,
  signalCap: 10,
} as const;

const input: FormatInput = {
  schemaVersion: 1,
  id: 'test-all',
  name: '测试赛制',
  tags: { language: 'zh' },
  pools: [
    { id: 'prep', name: '准备时间', kind: 'prep', totalMs: { aff: 60_000, neg: 50_000 } },
    { id: 'team', name: '共享用时', kind: 'budget', totalMs: { aff: 100_000, neg: 100_000 } },
  ],
  timeouts: { aff: { count: 1, durationMs: 30_000 }, neg: { count: 0, durationMs: 30_000 } },
  stages: [
    { kind: 'none', name: '封面', text: '欢迎' },
    {
      kind: 'single',
      name: '正方一辩 立论',
      side: 'aff',
      speaker: 1,
      durationMs: 60_000,
      overtime: 'stop',
      bells: [...CN_BELLS],
    },
    {
      kind: 'single',
      name: '申论（正计时）',
      side: 'neg',
      durationMs: 40_000,
      direction: 'up',
      overtime: 'continue',
      bells: [
        { from: 'start', offsetMs: 30_000, count: 1 },
        { from: 'start', offsetMs: 40_000, count: 2 },
        { from: 'start', offsetMs: 50_000, count: 3 },
      ],
      overtimeBells: { graceMs: 10_000, everyMs: 5_000, count: 3, sound: 'gong' },
    },
    {
      kind: 'dual',
      name: '自由辩论',
      durationMs: { aff: 30_000, neg: 20_000 },
      firstSide: 'aff',
      endBehaviour: 'relay',
      overtime: 'stop',
      bells: [...CN_BELLS],
    },
    {
      kind: 'dual',
      name: '对辩',
      durationMs: { aff: 20_000, neg: 20_000 },
      firstSide: 'neg',
      endBehaviour: 'solo',
      overtime: 'stop',
      bells: [],
    },
    {
      kind: 'single',
      name: '攻辩',
      side: 'aff',
      durationMs: 60_000,
      overtime: 'stop',
      turnCap: {
        turns: [
          { label: '提问', capMs: 10_000 },
          { label: '回答', capMs: 20_000 },
        ],
        onCap: 'pause',
        bell: { count: 1, sound: 'ding' },
      },
    },
    {
      kind: 'prep',
      name: '准备时间',
      poolId: 'prep',
      sides: ['aff', 'neg'],
      firstSide: 'neg',
      bells: [{ from: 'end', offsetMs: 10_000, count: 1 }],
    },
    {
      kind: 'single',
      name: '正方 陈词',
      side: 'aff',
      poolId: 'team',
      durationMs: 70_000,
      overtime: 'stop',
      bells: [{ from: 'end', offsetMs: 10_000, count: 1 }],
    },
    { kind: 'single', name: '正方 总结', side: 'aff', poolId: 'team', overtime: 'stop' },
    { kind: 'prep', name: '准备时间', poolId: 'prep' },
    {
      kind: 'dual',
      name: '对辩（提示）',
      durationMs: { aff: 60_000, neg: 60_000 },
      endBehaviour: 'solo',
      turnCap: { turns: [{ label: '发言', capMs: 15_000 }], onCap: 'signal' },
    },
  ],
};

/** The test format, validated. */
export const TEST_FORMAT: Format = formatSchema.parse(input);
