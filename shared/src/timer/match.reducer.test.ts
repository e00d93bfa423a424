import { describe, expect, it } from 'vitest';
import type { CommandInput } from './command.schema';
import { commandSchema, parseCommand } from './command.schema';
import { clockViews, elapsed, poolViews, remaining, reserveReached } from './clock-view';
import { nextDeadline } from './due-items';
import { driveUntil } from './drive';
import type { MatchEvent } from './match-event';
import { createMatch, type MatchState } from './match-state';
import { apply } from './match.reducer';
import { formatSchema } from '../formats/format.schema';
import { S, TEST_FORMAT } from './test-format.fixture';

type Step = readonly [at: number, command: CommandInput];

/** Applies steps from a fresh match; every step must be accepted. */
function run(steps: readonly Step[], state: MatchState = createMatch(TEST_FORMAT, { now: 0 })) {
  const events: MatchEvent[] = [];
  for (const [at, input] of steps) {
    const result = apply(state, commandSchema.parse(input), at);
    if (!result.ok) throw new Error(`step ${JSON.stringify(input)} at ${at} refused: ${result.error.code}`);
    expect(result.state.version).toBe(state.version + 1);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** Applies one command that must be refused with `code`, and checks the state is untouched. */
function refuse(state: MatchState, input: CommandInput, at: number, code: string) {
  const before: unknown = JSON.parse(JSON.stringify(state));
  const result = apply(state, commandSchema.parse(input), at);
  expect(result.ok).toBe(false);
  if (!result.ok) {
    expect(result.error.code).toBe(code);
    expect(result.error.message).toMatch(/[\u4e00-\u9fff]/);
  }
  expect(state).toEqual(before);
}

const at = (stage: number): Step => [0, { type: 'goto', stageIndex: stage }];
const types = (events: MatchEvent[]) => events.map((event) => event.type);
const bells = (events: MatchEvent[]) =>
  events.filter((event) => event.type === 'bell').map((event) => [event.at, event.count, event.which]);

describe('createMatch', () => {
  it('starts at version 0 on the first stage with every clock at its budget', () => {
    const state = createMatch(TEST_FORMAT, { now: 5 });
    expect(state).toMatchObject({
      version: 0,
      stageIndex: 0,
      status: 'ready',
      processedUntil: 5,
      timeout: null,
      overlay: { blackout: false },
    });
    expect(state.stages[S.single]?.clocks).toEqual([
      { side: 'aff', budgetMs: 60_000, usedMs: 0, runningSince: null },
    ]);
    expect(state.pools.prep).toEqual({
      aff: { totalMs: 60_000, usedMs: 0 },
      neg: { totalMs: 50_000, usedMs: 0 },
    });
    expect(nextDeadline(state)).toBeNull();
  });
});

describe('start, pause and toggle on every stage kind', () => {
  const cases = [
    { stage: S.single, clock: 0, side: 'aff' },
    { stage: S.countUp, clock: 0, side: 'neg' },
    { stage: S.relay, clock: 0, side: 'aff' },
    { stage: S.solo, clock: 1, side: 'neg' },
    { stage: S.prep, clock: 1, side: 'neg' },
  ] as const;
  it.each(cases)('stage $stage runs clock $clock ($side)', ({ stage, clock, side }) => {
    const { state, events } = run([
      at(stage),
      [1_000, { type: 'start' }],
      [4_000, { type: 'toggle' }],
      [6_000, { type: 'toggle' }],
      [7_000, { type: 'pause' }],
    ]);
    expect(types(events)).toEqual([
      'stageChanged',
      'clockStarted',
      'clockPaused',
      'clockStarted',
      'clockPaused',
    ]);
    expect(events[1]).toMatchObject({ clock, side, at: 1_000 });
    expect(state.stages[stage]?.clocks[clock]?.usedMs).toBe(4_000);
    expect(state.status).toBe('paused');
  });

  it('refuses start on a stage without clock, when running, and pause when stopped', () => {
    const cover = createMatch(TEST_FORMAT, { now: 0 });
    refuse(cover, { type: 'start' }, 1, 'no-clock');
    refuse(cover, { type: 'toggle' }, 1, 'no-clock');
    refuse(cover, { type: 'pause' }, 1, 'not-running');
    const { state } = run([at(S.single), [0, { type: 'start' }]]);
    expect(state.status).toBe('running');
    refuse(state, { type: 'start' }, 10, 'already-running');
  });
});

describe('single stage with stop at zero', () => {
  it('rings 1 bell at 10 s left and 2 at zero, then stops and cannot restart', () => {
    const { state, events } = run([
      at(S.single),
      [1_000, { type: 'start' }],
      [51_000, { type: 'expire' }],
      [61_000, { type: 'expire' }],
    ]);
    expect(bells(events)).toEqual([
      [51_000, 1, 'scheduled'],
      [61_000, 2, 'scheduled'],
    ]);
    expect(types(events).slice(-3)).toEqual(['bell', 'clockExpired', 'clockPaused']);
    expect(state.stages[S.single]?.clocks[0]).toMatchObject({ usedMs: 60_000, runningSince: null });
    refuse(state, { type: 'start' }, 70_000, 'clock-exhausted');
    refuse(state, { type: 'expire' }, 70_000, 'nothing-due');
  });

  it('processes a late expire at the instants things were due', () => {
    const { state, events } = run([at(S.single), [1_000, { type: 'start' }], [90_000, { type: 'expire' }]]);
    expect(bells(events)).toEqual([
      [51_000, 1, 'scheduled'],
      [61_000, 2, 'scheduled'],
    ]);
    expect(state.stages[S.single]?.clocks[0]?.usedMs).toBe(60_000);
  });

  it('processes due items before any other command (a pause after zero records the budget)', () => {
    const { events, state } = run([at(S.single), [1_000, { type: 'start' }], [80_000, { type: 'ringBell' }]]);
    expect(bells(events)).toEqual([
      [51_000, 1, 'scheduled'],
      [61_000, 2, 'scheduled'],
      [80_000, 1, 'manual'],
    ]);
    expect(state.stages[S.single]?.clocks[0]?.usedMs).toBe(60_000);
  });

  it('refuses an early expire', () => {
    const { state } = run([at(S.single), [1_000, { type: 'start' }]]);
    expect(nextDeadline(state)).toBe(51_000);
    refuse(state, { type: 'expire' }, 50_999, 'nothing-due');
  });
});

describe('count-up stage with overtime bells after a grace period', () => {
  it('rings start-offset bells, goes into overtime, then every 5 s after 10 s grace', () => {
    const { state, events } = run([at(S.countUp), [0, { type: 'start' }], [67_000, { type: 'expire' }]]);
    expect(bells(events)).toEqual([
      [30_000, 1, 'scheduled'],
      [40_000, 2, 'scheduled'],
      [50_000, 3, 'scheduled'],
      [50_000, 3, 'overtime'],
      [55_000, 3, 'overtime'],
      [60_000, 3, 'overtime'],
      [65_000, 3, 'overtime'],
    ]);
    expect(types(events)).toContain('overtimeStarted');
    expect(nextDeadline(state)).toBe(70_000);
    const [view] = clockViews(state, 67_000);
    expect(view).toMatchObject({
      usedMs: 67_000,
      overtimeMs: 27_000,
      remainingMs: 0,
      running: true,
      direction: 'up',
    });
    expect(remaining(state, 67_000)).toBe(-27_000);
    expect(elapsed(state, 67_000)).toBe(67_000);
  });
});

describe('dual stages', () => {
  it('relay: when one side reaches zero the other continues alone until its own end', () => {
    const { state, events } = run([
      at(S.relay),
      [0, { type: 'start' }],
      [5_000, { type: 'switchSide' }],
      [20_000, { type: 'switchSide' }], // neg used 15 s of 20
      [100_000, { type: 'expire' }],
    ]);
    const handOver = events.find((event) => event.type === 'relayHandOver');
    expect(handOver).toMatchObject({ clock: 0, side: 'aff', toClock: 1, toSide: 'neg', at: 45_000 });
    expect(state.stages[S.relay]?.clocks.map((clock) => clock.usedMs)).toEqual([30_000, 20_000]);
    expect(state.stages[S.relay]?.activeClock).toBe(1);
    expect(bells(events)).toEqual([
      [15_000, 1, 'scheduled'],
      [35_000, 1, 'scheduled'],
      [45_000, 2, 'scheduled'],
      [50_000, 2, 'scheduled'],
    ]);
    expect(nextDeadline(state)).toBeNull();
  });

  it('relay: switching to an exhausted side while running is refused', () => {
    const { state } = run([at(S.relay), [0, { type: 'start' }], [31_000, { type: 'expire' }]]);
    expect(state.stages[S.relay]?.activeClock).toBe(1);
    refuse(state, { type: 'switchSide' }, 32_000, 'clock-exhausted');
  });

  it('solo: each clock simply stops at zero', () => {
    const { state, events } = run([at(S.solo), [0, { type: 'start' }], [30_000, { type: 'expire' }]]);
    expect(types(events)).not.toContain('relayHandOver');
    expect(state.stages[S.solo]?.clocks.map((clock) => clock.usedMs)).toEqual([0, 20_000]);
    expect(state.status).toBe('paused');
  });

  it('switchSide while stopped only changes the active side', () => {
    const { state, events } = run([at(S.solo), [0, { type: 'switchSide' }]]);
    expect(events.at(-1)).toMatchObject({ type: 'sideSwitched', clock: 1, toClock: 0 });
    expect(state.stages[S.solo]?.activeClock).toBe(0);
  });

  it('switchSide is refused on a single stage and on a stage without clocks', () => {
    refuse(run([at(S.single)]).state, { type: 'switchSide' }, 1, 'not-dual');
    refuse(createMatch(TEST_FORMAT, { now: 0 }), { type: 'switchSide' }, 1, 'no-clock');
  });
});

describe('per-turn caps', () => {
  it('pause: each start begins the next turn, capped at 10 s then 20 s', () => {
    const { state, events } = run([
      at(S.capped),
      [0, { type: 'start' }],
      [15_000, { type: 'start' }],
      [40_000, { type: 'start' }],
      [42_000, { type: 'pause' }],
    ]);
    const caps = events.filter((event) => event.type === 'turnCapReached');
    expect(caps).toMatchObject([
      { at: 10_000, turn: 0, label: '提问', capMs: 10_000 },
      { at: 35_000, turn: 1, label: '回答', capMs: 20_000 },
    ]);
    expect(bells(events)).toEqual([
      [10_000, 1, 'turnCap'],
      [35_000, 1, 'turnCap'],
    ]);
    expect(state.stages[S.capped]?.clocks[0]?.usedMs).toBe(32_000);
    expect(state.stages[S.capped]?.turnCount).toBe(3);
  });

  it('signal: the clock keeps running; each side switch is a new turn', () => {
    const { state, events } = run([
      at(S.signalCap),
      [0, { type: 'start' }],
      [20_000, { type: 'switchSide' }],
      [40_000, { type: 'expire' }],
    ]);
    const caps = events.filter((event) => event.type === 'turnCapReached');
    expect(caps).toMatchObject([
      { at: 15_000, clock: 0 },
      { at: 35_000, clock: 1 },
    ]);
    expect(state.stages[S.signalCap]?.clocks.map((clock) => clock.usedMs)).toEqual([20_000, 0]);
    expect(clockViews(state, 40_000)[1]?.usedMs).toBe(20_000);
  });
});

describe('pools', () => {
  it('prep is drawn in several pieces across prep stages', () => {
    const { state } = run([
      at(S.prep),
      [0, { type: 'start' }], // neg first
      [10_000, { type: 'switchSide' }],
      [25_000, { type: 'pause' }],
      [25_000, { type: 'goto', stageIndex: S.prepAgain }],
    ]);
    expect(state.pools.prep).toEqual({
      aff: { totalMs: 60_000, usedMs: 15_000 },
      neg: { totalMs: 50_000, usedMs: 10_000 },
    });
    expect(state.stages[S.prepAgain]?.clocks.map((clock) => clock.budgetMs)).toEqual([45_000, 40_000]);
    const { state: after, events } = run(
      [
        [30_000, { type: 'start' }],
        [80_000, { type: 'expire' }],
      ],
      state,
    );
    expect(bells(events)).toEqual([]); // the second prep stage has no bells
    expect(after.pools.prep?.aff).toEqual({ totalMs: 60_000, usedMs: 60_000 });
    expect(poolViews(after, 80_000)).toContainEqual({
      poolId: 'prep',
      side: 'aff',
      totalMs: 60_000,
      usedMs: 60_000,
      balanceMs: 0,
      heldMs: 0,
    });
    refuse(after, { type: 'start' }, 81_000, 'clock-exhausted');
  });

  it('a shared team budget is drawn by several stages, capped by each stage', () => {
    const first = run([at(S.pooledA), [0, { type: 'start' }], [80_000, { type: 'expire' }]]);
    expect(first.state.stages[S.pooledA]?.clocks[0]).toMatchObject({ budgetMs: 70_000, usedMs: 70_000 });
    const { state } = run([[80_000, { type: 'next' }]], first.state);
    expect(state.stages[S.pooledB]?.clocks[0]?.budgetMs).toBe(30_000);
    expect(
      poolViews(state, 80_000).find((view) => view.poolId === 'team' && view.side === 'aff')?.balanceMs,
    ).toBe(30_000);
    const back = run(
      [
        [80_000, { type: 'prev' }],
        [80_000, { type: 'resetStage' }],
        [80_000, { type: 'next' }],
      ],
      state,
    ).state;
    expect(back.stages[S.pooledB]?.clocks[0]?.budgetMs).toBe(100_000);
  });

  it('a reserve keeps its time for the stages it names: others get the pool less what is kept', () => {
    const format = formatSchema.parse({
      ...TEST_FORMAT,
      pools: TEST_FORMAT.pools.map((pool) =>
        pool.id === 'team' ? { ...pool, reserve: { ms: 30_000, stages: ['正方 总结'] } } : pool,
      ),
    });
    // 正方 陈词 (cap 70 s) may take 100 − 30 = 70 s… and with 20 s of 总结 already spoken, 100 − 20 − 10.
    const first = run([at(S.pooledA)], createMatch(format, { now: 0 }));
    expect(first.state.stages[S.pooledA]?.clocks[0]?.budgetMs).toBe(70_000);
    expect(
      poolViews(first.state, 0).find((view) => view.poolId === 'team' && view.side === 'aff'),
    ).toMatchObject({ balanceMs: 100_000, heldMs: 30_000 });
    const summary = run(
      [
        [0, { type: 'next' }],
        [0, { type: 'start' }],
        [20_000, { type: 'pause' }],
        [20_000, { type: 'prev' }],
      ],
      first.state,
    );
    expect(summary.state.stages[S.pooledA]?.clocks[0]?.budgetMs).toBe(70_000);
    const spent = run(
      [
        [20_000, { type: 'start' }],
        [200_000, { type: 'next' }],
      ],
      summary.state,
    );
    expect(spent.state.stages[S.pooledA]?.clocks[0]?.usedMs).toBe(70_000);
    // On the reserved stage the whole balance is there: 100 − 70 = 30 s, of which 20 s are spoken.
    expect(spent.state.stages[S.pooledB]?.clocks[0]).toMatchObject({ budgetMs: 30_000, usedMs: 20_000 });
    expect(
      poolViews(spent.state, 200_000).find((view) => view.poolId === 'team' && view.side === 'aff')?.heldMs,
    ).toBe(0);
    // A stage that is not reserved, with no cap of its own, stops where the reserve begins.
    const uncapped = formatSchema.parse({
      ...format,
      pools: format.pools.map((pool) =>
        pool.id === 'team' ? { ...pool, reserve: { ms: 30_000, stages: ['正方 陈词'] } } : pool,
      ),
    });
    const b = run(
      [at(S.pooledB), [0, { type: 'start' }], [200_000, { type: 'expire' }]],
      createMatch(uncapped, { now: 0 }),
    );
    expect(b.state.stages[S.pooledB]?.clocks[0]).toMatchObject({
      budgetMs: 70_000,
      usedMs: 70_000,
      runningSince: null,
    });
    // The console is told: 正方 has reached what the pool keeps for 正方 陈词; not before, and not on a stage's own cap.
    expect(reserveReached(b.state, 200_000)).toEqual({
      poolId: 'team',
      side: 'aff',
      heldMs: 30_000,
      stages: ['正方 陈词'],
    });
    expect(
      reserveReached(
        run([at(S.pooledB), [0, { type: 'start' }]], createMatch(uncapped, { now: 0 })).state,
        69_000,
      ),
    ).toBeNull();
    expect(
      reserveReached(
        run([at(S.pooledB), [0, { type: 'start' }]], createMatch(uncapped, { now: 0 })).state,
        70_000,
      ),
    ).toMatchObject({ heldMs: 30_000 });
    expect(reserveReached(spent.state, 200_000)).toBeNull();
    expect(reserveReached(run([[20_000, { type: 'start' }]], summary.state).state, 200_000)).toBeNull();
  });

  it('setBudget on a pool changes the total; on a pooled clock it is refused', () => {
    const { state, events } = run([
      at(S.pooledB),
      [0, { type: 'setBudget', poolId: 'team', side: 'aff', budgetMs: 120_000 }],
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'poolChanged',
      poolId: 'team',
      side: 'aff',
      totalMs: 120_000,
    });
    expect(state.stages[S.pooledB]?.clocks[0]?.budgetMs).toBe(120_000);
    refuse(state, { type: 'setBudget', budgetMs: 5_000 }, 1, 'pooled-clock');
    refuse(state, { type: 'setBudget', poolId: 'nope', budgetMs: 5_000 }, 1, 'no-such-pool');
    const running = run([[0, { type: 'start' }]], state).state;
    refuse(running, { type: 'setBudget', poolId: 'team', budgetMs: 5_000 }, 10_000, 'budget-below-used');
    const cut = run([[10_000, { type: 'setBudget', poolId: 'team', budgetMs: 10_000 }]], running);
    expect(types(cut.events)).toEqual(['poolChanged', 'poolChanged', 'clockExpired', 'clockPaused']);
    expect(cut.state.stages[S.pooledB]?.clocks[0]).toMatchObject({ usedMs: 10_000, runningSince: null });
  });
});

describe('adjust and setBudget', () => {
  it('adjust gives (positive) or takes (negative) time, on the active clock or by side/index', () => {
    const { state, events } = run([
      at(S.relay),
      [0, { type: 'start' }],
      [10_000, { type: 'adjust', deltaMs: 5_000 }],
      [10_000, { type: 'adjust', side: 'neg', deltaMs: -3_000 }],
      [10_000, { type: 'adjust', clock: 1, deltaMs: 1_000 }],
    ]);
    expect(events.filter((event) => event.type === 'clockAdjusted').map((event) => event.usedMs)).toEqual([
      5_000, 3_000, 2_000,
    ]);
    expect(clockViews(state, 12_000).map((view) => view.usedMs)).toEqual([7_000, 2_000]);
  });

  it('refuses adjustments of clocks that are not there', () => {
    const { state } = run([at(S.single), [0, { type: 'start' }]]);
    refuse(state, { type: 'adjust', clock: 3, deltaMs: 1 }, 1_000, 'no-such-clock');
    refuse(state, { type: 'adjust', side: 'neg', deltaMs: 1 }, 1_000, 'no-such-clock');
    refuse(createMatch(TEST_FORMAT, { now: 0 }), { type: 'adjust', deltaMs: 1 }, 1, 'no-clock');
  });

  // The single stage: 60 s, bells at 10 s left (1) and zero (2), stops at zero. Started at 0.
  const adjustCases = [
    {
      name: '+10 s with 1 s used gives back the 1 s (used clamps at zero)',
      atMs: 1_000,
      deltaMs: 10_000,
      usedMs: 0,
      applied: 1_000,
      rung: [],
      after: [],
    },
    {
      name: '−10 s with 4 s left takes the 4 s and expires the clock',
      atMs: 56_000,
      deltaMs: -10_000,
      usedMs: 60_000,
      applied: -4_000,
      rung: [[56_000, 2, 'scheduled']],
      after: ['clockExpired', 'clockPaused'],
    },
    {
      name: '−10 s across the 10 s bell rings it once, at the adjustment',
      atMs: 45_000,
      deltaMs: -10_000,
      usedMs: 55_000,
      applied: -10_000,
      rung: [[45_000, 1, 'scheduled']],
      after: [],
    },
    {
      name: '−60 s from 0:59 runs through both bells and zero, in order',
      atMs: 1_000,
      deltaMs: -60_000,
      usedMs: 60_000,
      applied: -59_000,
      rung: [
        [1_000, 1, 'scheduled'],
        [1_000, 2, 'scheduled'],
      ],
      after: ['clockExpired', 'clockPaused'],
    },
    {
      name: '+10 s back across the 10 s bell rings nothing',
      atMs: 52_000,
      deltaMs: 10_000,
      usedMs: 42_000,
      applied: 10_000,
      rung: [],
      after: [],
    },
  ] as const;
  it.each(adjustCases)('$name', ({ atMs, deltaMs, usedMs, applied, rung, after }) => {
    const started = run([at(S.single), [0, { type: 'start' }]]).state;
    const before = driveUntil(started, atMs).state;
    const { state, events } = run([[atMs, { type: 'adjust', deltaMs }]], before);
    expect(state.stages[S.single]?.clocks[0]?.usedMs).toBe(usedMs);
    expect(events[0]).toMatchObject({ type: 'clockAdjusted', deltaMs: applied, usedMs });
    expect(bells(events)).toEqual(rung);
    expect(types(events.slice(1)).filter((type) => type !== 'bell')).toEqual(after);
  });

  it('a bell crossed by an adjustment rings once: the scheduler does not ring it again, on a running or a paused clock', () => {
    // 0:18 left → 0:08 with −10 s crosses this stage's 10 s-left bell (the 30 s bell of a real format).
    const running = run([
      at(S.single),
      [0, { type: 'start' }],
      [42_000, { type: 'adjust', deltaMs: -10_000 }],
    ]);
    const later = driveUntil(running.state, 120_000);
    expect([...bells(running.events), ...bells(later.log.flatMap((entry) => entry.events))]).toEqual([
      [42_000, 1, 'scheduled'],
      [50_000, 2, 'scheduled'],
    ]);
    const paused = run([
      at(S.single),
      [0, { type: 'start' }],
      [42_000, { type: 'pause' }],
      [43_000, { type: 'adjust', deltaMs: -10_000 }],
      [44_000, { type: 'start' }],
    ]);
    const resumed = driveUntil(paused.state, 120_000);
    expect([...bells(paused.events), ...bells(resumed.log.flatMap((entry) => entry.events))]).toEqual([
      [43_000, 1, 'scheduled'],
      [52_000, 2, 'scheduled'],
    ]);
    // A paused clock moved to zero records it and stays stopped: no pause event, no relay hand-over.
    const toZero = run([
      at(S.relay),
      [0, { type: 'start' }],
      [5_000, { type: 'pause' }],
      [6_000, { type: 'adjust', deltaMs: -60_000 }],
    ]);
    expect(types(toZero.events).slice(-4)).toEqual(['clockAdjusted', 'bell', 'bell', 'clockExpired']);
    expect(toZero.state.status).toBe('paused');
    expect(nextDeadline(toZero.state)).toBeNull();
  });

  it('an adjustment into overtime starts it, and rings the first overtime bell it crosses once', () => {
    const { state, events } = run([
      at(S.countUp),
      [0, { type: 'start' }],
      [1_000, { type: 'adjust', deltaMs: -60_000 }],
    ]);
    expect(state.stages[S.countUp]?.clocks[0]?.usedMs).toBe(61_000);
    expect(types(events).slice(2)).toEqual([
      'clockAdjusted',
      'bell',
      'bell',
      'clockExpired',
      'overtimeStarted',
      'bell',
      'bell',
    ]);
    expect(
      events.flatMap((event) => (event.type === 'bell' ? [[event.which, event.bellIndex]] : [])),
    ).toEqual([
      ['scheduled', 0],
      ['scheduled', 1],
      ['scheduled', 2],
      ['overtime', 1],
    ]);
    // The next overtime bell is the one after the adjusted time (65 s used, 4 s later).
    expect(bells(driveUntil(state, 6_000).log.flatMap((entry) => entry.events))).toEqual([
      [5_000, 3, 'overtime'],
    ]);
  });

  it('bells re-ring when time given back is run through again', () => {
    const again = run(
      [
        [55_000, { type: 'expire' }],
        [55_000, { type: 'pause' }],
        [55_000, { type: 'adjust', deltaMs: 10_000 }],
        [56_000, { type: 'start' }],
        [61_000, { type: 'expire' }],
      ],
      run([at(S.single), [0, { type: 'start' }]]).state,
    );
    expect(bells(again.events)).toEqual([
      [50_000, 1, 'scheduled'],
      [61_000, 1, 'scheduled'],
    ]);
  });

  it('setBudget changes a clock budget, refusing one below the time used', () => {
    const { state, events } = run([
      at(S.single),
      [0, { type: 'start' }],
      [10_000, { type: 'setBudget', budgetMs: 30_000 }],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'budgetChanged', budgetMs: 30_000 });
    expect(nextDeadline(state)).toBe(20_000);
    refuse(state, { type: 'setBudget', budgetMs: 5_000 }, 10_000, 'budget-below-used');
    // Overtime-continue clock: a budget below the time used is allowed; the skipped zero does not fire, overtime bells follow.
    const overtime = run([
      at(S.countUp),
      [0, { type: 'start' }],
      [10_000, { type: 'setBudget', budgetMs: 5_000 }],
      [15_000, { type: 'expire' }],
    ]);
    expect(overtime.state.stages[S.countUp]?.clocks[0]?.budgetMs).toBe(5_000);
    expect(types(overtime.events)).toEqual(['stageChanged', 'clockStarted', 'budgetChanged', 'bell']);
    expect(overtime.events[3]).toMatchObject({ which: 'overtime', at: 15_000, bellIndex: 1 });
  });
});

describe('stage navigation', () => {
  it('next/prev/goto stop the running clock and keep each stage where it was left', () => {
    const { state, events } = run([
      at(S.single),
      [0, { type: 'start' }],
      [5_000, { type: 'next' }],
      [6_000, { type: 'prev' }],
    ]);
    expect(types(events)).toEqual([
      'stageChanged',
      'clockStarted',
      'clockPaused',
      'stageChanged',
      'stageChanged',
    ]);
    expect(events[2]).toMatchObject({ reason: 'stageChange', usedMs: 5_000 });
    expect(state.stageIndex).toBe(S.single);
    expect(state.stages[S.single]?.clocks[0]?.usedMs).toBe(5_000);
  });

  it('refuses moves out of range and to the same stage', () => {
    const first = createMatch(TEST_FORMAT, { now: 0 });
    refuse(first, { type: 'prev' }, 0, 'no-prev-stage');
    refuse(first, { type: 'goto', stageIndex: 0 }, 0, 'same-stage');
    refuse(first, { type: 'goto', stageIndex: 99 }, 0, 'stage-out-of-range');
    refuse(run([at(TEST_FORMAT.stages.length - 1)]).state, { type: 'next' }, 0, 'no-next-stage');
  });

  it('resetStage restores the stage clocks and turn counter', () => {
    const { state, events } = run([at(S.capped), [0, { type: 'start' }], [5_000, { type: 'resetStage' }]]);
    expect(types(events).slice(-2)).toEqual(['clockPaused', 'stageReset']);
    expect(state.stages[S.capped]).toEqual({
      clocks: [{ side: 'aff', budgetMs: 60_000, usedMs: 0, runningSince: null }],
      activeClock: 0,
      turnCount: 0,
      turnStartUsedMs: 0,
    });
    expect(state.status).toBe('ready');
  });
});

describe('timeouts', () => {
  it('a timeout pauses the clock, blocks start and ends by itself with a bell', () => {
    const { state, events } = run([
      at(S.single),
      [0, { type: 'start' }],
      [5_000, { type: 'timeoutStart', side: 'aff' }],
    ]);
    expect(types(events).slice(-2)).toEqual(['clockPaused', 'timeoutStarted']);
    expect(state.timeout).toEqual({ side: 'aff', startedAt: 5_000, durationMs: 30_000 });
    expect(state.status).toBe('paused');
    expect(nextDeadline(state)).toBe(35_000);
    refuse(state, { type: 'start' }, 6_000, 'timeout-active');
    refuse(state, { type: 'timeoutStart', side: 'aff' }, 6_000, 'timeout-active');
    const ended = run([[40_000, { type: 'expire' }]], state);
    expect(ended.events).toMatchObject([
      { type: 'timeoutEnded', side: 'aff', early: false, usedMs: 30_000, at: 35_000 },
      { type: 'bell', which: 'timeout' },
    ]);
    refuse(ended.state, { type: 'timeoutStart', side: 'aff' }, 41_000, 'no-timeouts');
    refuse(ended.state, { type: 'timeoutEnd' }, 41_000, 'no-timeout');
    expect(ended.state.timeoutsUsed).toEqual({ aff: 1, neg: 0 });
  });

  it('a timeout can be ended early; a side without allowance is refused', () => {
    const { events } = run([
      [0, { type: 'timeoutStart', side: 'aff' }],
      [10_000, { type: 'timeoutEnd' }],
    ]);
    expect(events.at(-1)).toEqual({
      type: 'timeoutEnded',
      side: 'aff',
      usedMs: 10_000,
      early: true,
      at: 10_000,
    });
    refuse(createMatch(TEST_FORMAT, { now: 0 }), { type: 'timeoutStart', side: 'neg' }, 0, 'no-timeouts');
  });
});

describe('overlay, ringBell, finish', () => {
  it('sets and clears message, blackout and flash', () => {
    const { state, events } = run([
      [1, { type: 'overlay', action: 'message', text: '请保持安静' }],
      [2, { type: 'overlay', action: 'blackout' }],
      [3, { type: 'overlay', action: 'flash', colour: 'red' }],
    ]);
    expect(state.overlay).toEqual({ message: '请保持安静', blackout: true, flash: { at: 3, colour: 'red' } });
    expect(types(events)).toEqual(['overlayChanged', 'overlayChanged', 'overlayChanged']);
    expect(run([[4, { type: 'overlay', action: 'clear' }]], state).state.overlay).toEqual({
      blackout: false,
    });
  });

  it('finish stops everything; afterwards only overlay and bells are accepted', () => {
    const { state, events } = run([
      at(S.single),
      [0, { type: 'start' }],
      [0, { type: 'timeoutStart', side: 'aff' }],
      [1_000, { type: 'finish' }],
    ]);
    expect(types(events).slice(-2)).toEqual(['timeoutEnded', 'matchFinished']);
    expect(state).toMatchObject({ status: 'finished', finishedAt: 1_000, timeout: null });
    expect(nextDeadline(state)).toBeNull();
    for (const type of ['start', 'pause', 'next', 'finish', 'resetStage', 'timeoutEnd'] as const)
      refuse(state, { type }, 2_000, 'finished');
    refuse(state, { type: 'expire' }, 2_000, 'nothing-due');
    expect(run([[2_000, { type: 'ringBell', count: 3, sound: 'gong' }]], state).events).toEqual([
      {
        type: 'bell',
        which: 'manual',
        count: 3,
        sound: 'gong',
        at: 2_000,
        stageIndex: S.single,
        clock: null,
        side: null,
      },
    ]);
  });

  it('never goes back in time: an instant before processedUntil is clamped', () => {
    const { state } = run([at(S.single), [10_000, { type: 'start' }], [5_000, { type: 'pause' }]]);
    expect(state.stages[S.single]?.clocks[0]?.usedMs).toBe(0);
    expect(state.processedUntil).toBe(10_000);
  });
});

describe('parseCommand', () => {
  it('accepts valid commands with defaults and refuses malformed ones in Chinese', () => {
    expect(parseCommand({ type: 'ringBell' })).toEqual({
      ok: true,
      command: { type: 'ringBell', count: 1, sound: 'bell' },
    });
    expect(parseCommand({ type: 'adjust', deltaMs: 1.5 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-command', message: '指令格式不正确' },
    });
    expect(parseCommand({ type: 'start', extra: 1 }).ok).toBe(false);
    expect(parseCommand({ type: 'overlay', action: 'message' }).ok).toBe(false);
  });
});
