import { describe, expect, it } from 'vitest';
import { commandSchema, type CommandInput } from '../timer/command.schema';
import { S, TEST_FORMAT } from '../timer/test-format.fixture';
import { deriveRecord } from './match-record';
import {
  EMPTY_RESULT_SHEET,
  pauseIntervals,
  recordStageRows,
  resultSheetSchema,
  type RecordStageRow,
} from './result-sheet';

const log = (entries: ReadonlyArray<readonly [number, CommandInput]>) =>
  entries.map(([at, command]) => ({ at, command: commandSchema.parse(command) }));

/** One match through every stage kind, run by the reducer; the record's numbers follow from the instants below. */
const record = deriveRecord(
  TEST_FORMAT,
  log([
    // Dual, relay: aff 0–10 s, neg 10–15 s, aff 15–35 s (zero), relay to neg 35–50 s (zero).
    [0, { type: 'goto', stageIndex: S.relay }],
    [0, { type: 'start' }],
    [10_000, { type: 'switchSide' }],
    [15_000, { type: 'switchSide' }],
    [50_000, { type: 'expire' }],
    // Dual, solo: neg 51–56 s, paused; aff 58–78 s (zero, stops alone); neg 80–95 s (zero).
    [51_000, { type: 'goto', stageIndex: S.solo }],
    [51_000, { type: 'start' }],
    [56_000, { type: 'pause' }],
    [57_000, { type: 'switchSide' }],
    [58_000, { type: 'start' }],
    [78_000, { type: 'expire' }],
    [80_000, { type: 'switchSide' }],
    [80_000, { type: 'start' }],
    [95_000, { type: 'expire' }],
    // Prep pool: neg 10 s, aff 20 s; the second prep stage gets what is left of each pool.
    [100_000, { type: 'goto', stageIndex: S.prep }],
    [100_000, { type: 'start' }],
    [110_000, { type: 'pause' }],
    [110_000, { type: 'switchSide' }],
    [111_000, { type: 'start' }],
    [131_000, { type: 'pause' }],
    [131_000, { type: 'goto', stageIndex: S.prepAgain }],
    [132_000, { type: 'start' }],
    [137_000, { type: 'pause' }],
    // Team budget pool of 100 s: 50 s in the first speech leaves 50 s for the second, which runs out.
    [140_000, { type: 'goto', stageIndex: S.pooledA }],
    [140_000, { type: 'start' }],
    [190_000, { type: 'pause' }],
    [190_000, { type: 'goto', stageIndex: S.pooledB }],
    [190_000, { type: 'start' }],
    [240_000, { type: 'expire' }],
    // Single, counting up past its 40 s: 45 s used → 5 s overtime.
    [240_000, { type: 'goto', stageIndex: S.countUp }],
    [240_000, { type: 'start' }],
    [285_000, { type: 'pause' }],
    // A timeout (技术暂停) for aff.
    [286_000, { type: 'timeoutStart', side: 'aff' }],
    [295_000, { type: 'timeoutEnd' }],
    [300_000, { type: 'finish' }],
  ]),
  0,
);
const rows = recordStageRows(record);
const row = (index: number, side: RecordStageRow['side']) =>
  rows.find((entry) => entry.index === index && entry.side === side);

describe('records through every stage kind', () => {
  it.each([
    [
      'dual relay, aff',
      S.relay,
      'aff',
      { allottedMs: 30_000, usedMs: 30_000, overtimeMs: 0, pauses: 0, bells: 2 },
    ],
    [
      'dual relay, neg (took over at zero)',
      S.relay,
      'neg',
      { allottedMs: 20_000, usedMs: 20_000, overtimeMs: 0, pauses: 0, bells: 2 },
    ],
    ['dual solo, aff', S.solo, 'aff', { allottedMs: 20_000, usedMs: 20_000, pauses: 0 }],
    ['dual solo, neg (one pause)', S.solo, 'neg', { allottedMs: 20_000, usedMs: 20_000, pauses: 1 }],
    ['prep pool, aff', S.prep, 'aff', { allottedMs: 60_000, usedMs: 20_000, pauses: 1 }],
    ['prep pool, neg', S.prep, 'neg', { allottedMs: 50_000, usedMs: 10_000, pauses: 1 }],
    ['prep pool again, aff (what was left)', S.prepAgain, 'aff', { allottedMs: 40_000, usedMs: 5_000 }],
    ['prep pool again, neg (what was left)', S.prepAgain, 'neg', { allottedMs: 40_000, usedMs: 0 }],
    ['budget pool, first speech', S.pooledA, 'aff', { allottedMs: 70_000, usedMs: 50_000 }],
    [
      'budget pool, second speech (the rest)',
      S.pooledB,
      'aff',
      { allottedMs: 50_000, usedMs: 50_000, overtimeMs: 0 },
    ],
    [
      'single counting up, overtime',
      S.countUp,
      'neg',
      { allottedMs: 40_000, usedMs: 45_000, overtimeMs: 5_000, pauses: 1, bells: 2 },
    ],
    ['single never run', S.single, 'aff', { allottedMs: 60_000, usedMs: 0, overtimeMs: 0 }],
  ] as const)('%s', (_name, index, side, expected) => {
    expect(row(index, side)).toMatchObject(expected);
  });

  it('totals, timeouts and nothing refused', () => {
    expect(record.rejected).toBe(0);
    expect(record.totals.aff).toEqual({
      usedMs: 30_000 + 20_000 + 20_000 + 5_000 + 50_000 + 50_000,
      overtimeMs: 0,
    });
    expect(record.totals.neg).toEqual({ usedMs: 20_000 + 20_000 + 10_000 + 45_000, overtimeMs: 5_000 });
    expect(record.timeoutsUsed).toEqual({ aff: 1, neg: 0 });
    expect(record.finishedAt).toBe(300_000);
  });

  it('lists the timekeeper’s pauses as intervals', () => {
    const pauses = pauseIntervals(record);
    expect(pauses[0]).toEqual({ stageIndex: S.solo, fromAt: 56_000, toAt: 58_000 });
    expect(pauses.at(-1)).toMatchObject({ stageIndex: S.countUp, fromAt: 285_000 });
  });
});

describe('resultSheetSchema', () => {
  it('fills defaults', () => {
    expect(EMPTY_RESULT_SHEET).toMatchObject({ topic: '', judges: [], ballots: null, winner: null });
  });
  it.each([
    [{ ballots: { aff: 3, neg: 2 }, winner: 'neg' }, 'winner', '胜方与票型不一致'],
    [
      { ballots: { aff: 3, neg: 0 }, judges: [{ name: '甲', vote: 'neg' }] },
      'ballots',
      '票型与评委投票不一致',
    ],
    [{ judges: [{ name: '' }] }, 'judges.0.name', '评委姓名不能为空'],
  ])('refuses %j', (input, path, message) => {
    const parsed = resultSheetSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toContainEqual([
      path,
      message,
    ]);
  });
  it('accepts a consistent sheet', () => {
    const sheet = resultSheetSchema.parse({
      ballots: { aff: 2, neg: 1 },
      winner: 'aff',
      judges: [
        { name: '甲', vote: 'aff' },
        { name: '乙', vote: 'aff' },
        { name: '丙', vote: 'neg' },
      ],
      bestDebater: '王五',
    });
    expect(sheet.winner).toBe('aff');
  });
});
