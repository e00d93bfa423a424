import { describe, expect, it } from 'vitest';
import { commandSchema, type CommandInput } from '../timer/command.schema';
import { S, TEST_FORMAT } from '../timer/test-format.fixture';
import { RECORD_CSV_HEADERS, deriveRecord, recordToCsv, type MatchLogEntry } from './match-record';

const log = (entries: ReadonlyArray<readonly [number, CommandInput]>): MatchLogEntry[] =>
  entries.map(([at, command]) => ({ at, command: commandSchema.parse(command) }));

describe('deriveRecord', () => {
  const entries = log([
    [0, { type: 'goto', stageIndex: S.single }],
    [1_000, { type: 'start' }],
    [11_000, { type: 'pause' }],
    [12_000, { type: 'start' }],
    [70_000, { type: 'expire' }],
    [71_000, { type: 'goto', stageIndex: S.countUp }],
    [71_000, { type: 'start' }],
    [131_000, { type: 'pause' }],
    [131_000, { type: 'goto', stageIndex: S.prep }],
    [131_000, { type: 'start' }],
    [141_000, { type: 'pause' }],
    [141_000, { type: 'timeoutStart', side: 'aff' }],
    [150_000, { type: 'timeoutEnd' }],
    [150_000, { type: 'pause' }], // refused: nothing runs
    [160_000, { type: 'finish' }],
  ]);
  const record = deriveRecord(TEST_FORMAT, entries, 0);

  it('summarises each stage and clock: allotted, used, overtime, pauses, bells', () => {
    expect(record.stages[S.single]?.clocks).toEqual([
      { clock: 0, side: 'aff', allottedMs: 60_000, usedMs: 60_000, overtimeMs: 0, pauses: 1, bellsRung: 2 },
    ]);
    // count-up: 60 s on a 40 s budget → 20 s over; bells at 30/40/50 s plus overtime bells at 50, 55 and 60 s (due at the pause instant).
    expect(record.stages[S.countUp]?.clocks[0]).toMatchObject({
      allottedMs: 40_000,
      usedMs: 60_000,
      overtimeMs: 20_000,
      pauses: 1,
      bellsRung: 6,
    });
    expect(record.stages[S.prep]?.clocks).toMatchObject([
      { side: 'aff', usedMs: 0 },
      { side: 'neg', usedMs: 10_000, allottedMs: 50_000 },
    ]);
    expect(record.stages[S.cover]).toEqual({
      stageIndex: S.cover,
      name: '封面',
      kind: 'none',
      clocks: [],
      bellsRung: 0,
    });
  });

  it('totals per side, timeouts, timeline and refused entries', () => {
    expect(record.totals).toEqual({
      aff: { usedMs: 60_000, overtimeMs: 0 },
      neg: { usedMs: 70_000, overtimeMs: 20_000 },
    });
    expect(record.timeoutsUsed).toEqual({ aff: 1, neg: 0 });
    expect(record.rejected).toBe(1);
    expect(record.startedAt).toBe(1_000);
    expect(record.finishedAt).toBe(160_000);
    expect(record.formatId).toBe('test-all');
    expect(record.timeline.at(-1)).toEqual({ type: 'matchFinished', at: 160_000 });
  });

  it('counts a still-running clock up to the last processed instant', () => {
    const open = deriveRecord(
      TEST_FORMAT,
      log([
        [0, { type: 'goto', stageIndex: S.countUp }],
        [0, { type: 'start' }],
        [5_000, { type: 'ringBell' }],
      ]),
    );
    expect(open.stages[S.countUp]?.clocks[0]?.usedMs).toBe(5_000);
    expect(open.finishedAt).toBeNull();
    expect(deriveRecord(TEST_FORMAT, []).startedAt).toBeNull();
  });

  it('reads a running clock at `asOf`, so a live speech shows its time so far', () => {
    const live = deriveRecord(
      TEST_FORMAT,
      log([
        [0, { type: 'goto', stageIndex: S.single }],
        [1_000, { type: 'start' }],
      ]),
      0,
      31_000,
    );
    expect(live.stages[S.single]?.clocks[0]?.usedMs).toBe(30_000);
    expect(live.totals.aff.usedMs).toBe(30_000);
  });

  it('counts bells rung by hand on the active clock, or on a stage without a clock, as the timeline shows them', () => {
    const rung = deriveRecord(
      TEST_FORMAT,
      log([
        [0, { type: 'ringBell' }],
        [1_000, { type: 'goto', stageIndex: S.relay }],
        [1_000, { type: 'switchSide' }],
        [2_000, { type: 'ringBell', count: 2 }],
      ]),
      0,
    );
    const bells = rung.timeline.filter((event) => event.type === 'bell');
    expect(bells).toHaveLength(2);
    expect(rung.stages[S.cover]?.bellsRung).toBe(1);
    expect(rung.stages[S.relay]?.clocks.map((clock) => clock.bellsRung)).toEqual([0, 1]);
    const csv = recordToCsv(rung, (side) => side ?? '—').split('\r\n');
    // The cover's bell has a row of its own; the bell column adds up to the timeline.
    expect(csv[1]).toBe('1,封面,—,1,0.0,0.0,0.0,0,1');
    const column = csv.slice(1).reduce((sum, line) => sum + Number(line.split(',').at(-1)), 0);
    expect(column).toBe(bells.length);
  });

  it('replays undos as the hub applied them', () => {
    const undone = deriveRecord(
      TEST_FORMAT,
      log([
        [0, { type: 'goto', stageIndex: S.single }],
        [0, { type: 'start' }],
        [20_000, { type: 'resetStage' }],
        [21_000, { type: 'undo' }],
        [30_000, { type: 'pause' }],
      ]),
      0,
    );
    expect(undone.rejected).toBe(0);
    expect(undone.stages[S.single]?.clocks[0]?.usedMs).toBe(30_000);
    expect(
      undone.timeline.some((event) => event.type === 'commandUndone' && event.command === 'resetStage'),
    ).toBe(true);
  });

  it('exports CSV with zh-CN headers and quoting', () => {
    const csv = recordToCsv(record, (side) => (side === null ? '—' : side === 'aff' ? '正方' : '反方,"B"'));
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(RECORD_CSV_HEADERS.join(','));
    expect(lines).toContain('2,正方一辩 立论,正方,1,60.0,60.0,0.0,1,2');
    expect(lines.some((line) => line.includes('"反方,""B"""'))).toBe(true);
  });
});
