import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

fc.configureGlobal({ numRuns: 200 });
import { BUILTIN_FORMATS } from '../formats/builtin/builtin-formats';
import type { Format } from '../formats/format.schema';
import { bellsBetween, clockViews, project, remaining } from './clock-view';
import { commandSchema, type Command } from './command.schema';
import { nextDeadline } from './due-items';
import { driveUntil } from './drive';
import type { BellEvent, MatchEvent } from './match-event';
import { createMatch, usedAt, type MatchState } from './match-state';
import { apply } from './match.reducer';
import { TEST_FORMAT } from './test-format.fixture';

const side = fc.constantFrom('aff' as const, 'neg' as const);
/** Random commands, weighted towards the ones that move clocks. */
const commandArb = (stageCount: number): fc.Arbitrary<Command> =>
  fc
    .oneof(
      { weight: 6, arbitrary: fc.constant({ type: 'start' }) },
      { weight: 3, arbitrary: fc.constant({ type: 'pause' }) },
      { weight: 3, arbitrary: fc.constant({ type: 'toggle' }) },
      { weight: 4, arbitrary: fc.constant({ type: 'switchSide' }) },
      { weight: 4, arbitrary: fc.constant({ type: 'next' }) },
      { weight: 1, arbitrary: fc.constant({ type: 'prev' }) },
      {
        weight: 2,
        arbitrary: fc
          .integer({ min: 0, max: stageCount - 1 })
          .map((stageIndex) => ({ type: 'goto', stageIndex })),
      },
      { weight: 1, arbitrary: fc.constant({ type: 'resetStage' }) },
      {
        weight: 2,
        arbitrary: fc.record(
          {
            type: fc.constant('adjust'),
            deltaMs: fc.integer({ min: -30_000, max: 30_000 }),
            side: fc.option(side, { nil: undefined }),
          },
          { requiredKeys: ['type', 'deltaMs'] },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('setBudget'),
          budgetMs: fc.integer({ min: 0, max: 120_000 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('setBudget'),
          budgetMs: fc.integer({ min: 0, max: 200_000 }),
          poolId: fc.constantFrom('prep', 'team'),
          side,
        }),
      },
      { weight: 1, arbitrary: fc.constant({ type: 'ringBell' }) },
      { weight: 1, arbitrary: side.map((s) => ({ type: 'timeoutStart', side: s })) },
      { weight: 1, arbitrary: fc.constant({ type: 'timeoutEnd' }) },
      { weight: 1, arbitrary: fc.constant({ type: 'overlay', action: 'flash' }) },
      { weight: 3, arbitrary: fc.constant({ type: 'expire' }) },
    )
    .map((input) => commandSchema.parse(input));

const stepsArb = (format: Format) =>
  fc.array(fc.tuple(fc.integer({ min: 0, max: 40_000 }), commandArb(format.stages.length)), {
    maxLength: 60,
  });
const formatArb = fc.constantFrom(
  TEST_FORMAT,
  ...BUILTIN_FORMATS.filter((format) =>
    ['cn-worldcup', 'cn-xinguobian', 'policy-hs', 'bp', 'apicdt'].includes(format.id),
  ),
);
const scenario = formatArb.chain((format) => fc.tuple(fc.constant(format), stepsArb(format)));

interface Applied {
  command: Command;
  at: number;
  events: MatchEvent[];
  before: MatchState;
  after: MatchState;
}

/** Applies timed steps (dt since the previous step); optionally drives the scheduler between commands. */
function play(
  format: Format,
  steps: ReadonlyArray<readonly [number, Command]>,
  schedule: 'none' | 'never' | 'deadlines',
) {
  let state = createMatch(format, { now: 0 });
  let now = 0;
  const applied: Applied[] = [];
  for (const [dt, command] of steps) {
    now += dt;
    if (schedule === 'deadlines') {
      for (
        let deadline = nextDeadline(state);
        deadline !== null && deadline <= now;
        deadline = nextDeadline(state)
      ) {
        const expired = apply(state, { type: 'expire' }, deadline);
        if (!expired.ok) throw new Error('expire at a deadline must be accepted');
        applied.push({
          command: { type: 'expire' },
          at: deadline,
          events: expired.events,
          before: state,
          after: expired.state,
        });
        state = expired.state;
      }
    }
    if (schedule === 'never' && command.type === 'expire') continue;
    const result = apply(state, command, now);
    if (result.ok) {
      applied.push({ command, at: now, events: result.events, before: state, after: result.state });
      state = result.state;
    }
  }
  return { state, applied, now };
}

const withoutVersion = (state: MatchState) => ({ ...state, version: 0, status: state.status });
const clockBells = (applied: Applied[]) =>
  applied
    .flatMap((entry) => entry.events)
    .filter((event): event is BellEvent => event.type === 'bell' && event.which !== 'manual');
const bellKey = (bell: BellEvent) =>
  `${bell.at}|${bell.which}|${bell.stageIndex}|${bell.clock}|${bell.bellIndex}|${bell.side}`;

describe('reducer properties over random command sequences', () => {
  it('at most one clock runs, anywhere in the match, and only in the current stage', () => {
    fc.assert(
      fc.property(scenario, ([format, steps]) => {
        for (const { after } of play(format, steps, 'deadlines').applied) {
          const running = after.stages.flatMap((runtime, stageIndex) =>
            runtime.clocks.filter((clock) => clock.runningSince !== null).map(() => stageIndex),
          );
          expect(running.length).toBeLessThanOrEqual(1);
          if (running.length === 1) expect(running[0]).toBe(after.stageIndex);
        }
      }),
    );
  });

  it('used time never decreases except by adjust or resetStage; version increases by one', () => {
    fc.assert(
      fc.property(scenario, ([format, steps]) => {
        for (const { command, at, before, after } of play(format, steps, 'deadlines').applied) {
          expect(after.version).toBe(before.version + 1);
          expect(after.processedUntil).toBeGreaterThanOrEqual(before.processedUntil);
          if (command.type === 'adjust' || command.type === 'resetStage') continue;
          before.stages.forEach((runtime, s) =>
            runtime.clocks.forEach((clock, c) => {
              const next = after.stages[s]?.clocks[c];
              expect(next && usedAt(next, at)).toBeGreaterThanOrEqual(clock.usedMs);
            }),
          );
        }
      }),
    );
  });

  it('replaying the log gives the same state, and the state survives JSON', () => {
    fc.assert(
      fc.property(scenario, ([format, steps]) => {
        const { state, applied } = play(format, steps, 'deadlines');
        let replayed = createMatch(format, { now: 0 });
        for (const entry of applied) {
          const result = apply(replayed, entry.command, entry.at);
          expect(result.ok).toBe(true);
          if (result.ok) {
            expect(result.events).toEqual(entry.events);
            replayed = result.state;
          }
        }
        expect(replayed).toEqual(state);
        expect(JSON.parse(JSON.stringify(state))).toEqual(state);
      }),
    );
  });

  it('every bell fires exactly once, whether expire comes at each deadline or never', () => {
    fc.assert(
      fc.property(scenario, ([format, steps]) => {
        const driven = play(format, steps, 'deadlines');
        const lazy = play(format, steps, 'never');
        const finalDriven = driveUntil(driven.state, driven.now + 600_000);
        const finalLazy = driveUntil(lazy.state, lazy.now + 600_000);
        const a = clockBells([
          ...driven.applied,
          ...finalDriven.log.map((e) => ({ ...e, before: driven.state, after: driven.state })),
        ]).map(bellKey);
        const b = clockBells([
          ...lazy.applied,
          ...finalLazy.log.map((e) => ({ ...e, before: lazy.state, after: lazy.state })),
        ]).map(bellKey);
        expect(new Set(a).size).toBe(a.length);
        expect(a).toEqual(b);
        const horizon = Math.max(driven.now, lazy.now) + 600_000;
        expect(withoutVersion(project(finalDriven.state, horizon))).toEqual(
          withoutVersion(project(finalLazy.state, horizon)),
        );
        // Bells are reported in time order.
        const times = a.map((key) => Number(key.split('|')[0]));
        expect([...times].sort((x, y) => x - y)).toEqual(times);
      }),
    );
  });

  it('remaining and clock views at any instant equal what driving the scheduler to that instant gives', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 300_000 }), ([format, steps], extraMs) => {
        const { state, now } = play(format, steps, 'none');
        const t = now + extraMs;
        const { state: driven } = driveUntil(state, t);
        expect(remaining(state, t)).toBe(remaining(driven, t));
        expect(clockViews(driven, t)).toEqual(clockViews(driveUntil(state, t).state, t));
        const deadline = nextDeadline(driven);
        if (deadline !== null) expect(deadline).toBeGreaterThan(t);
      }),
    );
  });

  it('bellsBetween lists exactly the bells that driving through the interval rings', () => {
    fc.assert(
      fc.property(
        scenario,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        ([format, steps], gapMs, lengthMs) => {
          const { state, now } = play(format, steps, 'none');
          const t0 = now + gapMs;
          const t1 = t0 + lengthMs;
          const expected = driveUntil(driveUntil(state, t0).state, t1)
            .log.flatMap((entry) => entry.events)
            .filter((event) => event.type === 'bell');
          expect(bellsBetween(state, t0, t1)).toEqual(expected);
        },
      ),
    );
  });
});

describe('adjustments and reserves over random command sequences', () => {
  it('an adjustment forward rings each scheduled bell it crosses, once, at its instant; backward rings none', () => {
    fc.assert(
      fc.property(scenario, ([format, steps]) => {
        for (const { command, at, events, after } of play(format, steps, 'deadlines').applied) {
          if (command.type !== 'adjust') continue;
          const adjusted = events.findIndex((event) => event.type === 'clockAdjusted');
          const event = events[adjusted];
          if (event?.type !== 'clockAdjusted') continue;
          const rung = events
            .slice(adjusted + 1)
            .filter((e): e is BellEvent => e.type === 'bell' && e.which === 'scheduled');
          if (event.deltaMs >= 0) {
            expect(rung).toEqual([]);
            continue;
          }
          const stage = after.format.stages[event.stageIndex];
          const budgetMs = after.stages[event.stageIndex]?.clocks[event.clock]?.budgetMs ?? 0;
          const fromMs = event.usedMs + event.deltaMs;
          const crossed =
            stage === undefined || stage.kind === 'none'
              ? []
              : stage.bells.flatMap((bell, i) => {
                  const thresholdMs = bell.from === 'start' ? bell.offsetMs : budgetMs - bell.offsetMs;
                  const inStage =
                    stage.kind !== 'prep' && stage.overtime === 'continue' ? true : thresholdMs <= budgetMs;
                  return thresholdMs > fromMs && thresholdMs <= event.usedMs && thresholdMs >= 0 && inStage
                    ? [i]
                    : [];
                });
          expect(rung.map((bell) => bell.bellIndex)).toEqual(expect.arrayContaining(crossed));
          expect(rung).toHaveLength(crossed.length);
          for (const bell of rung) expect(bell.at).toBe(at);
        }
      }),
    );
  });

  it('新国辩: speeches before 结辩 never spend the 3:00 the pool keeps for it', () => {
    const xinguobian = BUILTIN_FORMATS.find((format) => format.id === 'cn-xinguobian') as Format;
    const reserve = xinguobian.pools[0]?.reserve;
    const reserved = new Set(reserve?.stages);
    const noPoolEdits = stepsArb(xinguobian).map((steps) =>
      steps.filter(([, command]) => command.type !== 'setBudget'),
    );
    fc.assert(
      fc.property(noPoolEdits, (steps) => {
        const { applied, now } = play(xinguobian, steps, 'deadlines');
        // Settled use after every command, and once every running clock has run out.
        const states = [
          ...applied.map((entry) => entry.after),
          driveUntil(applied.at(-1)?.after ?? createMatch(xinguobian, { now: 0 }), now + 3_600_000).state,
        ];
        for (const state of states) {
          for (const side of ['aff', 'neg'] as const) {
            let others = 0;
            let kept = 0;
            state.format.stages.forEach((stage, i) => {
              if (stage.kind === 'none' || stage.poolId !== 'team') return;
              const usedMs = (state.stages[i]?.clocks ?? [])
                .filter((clock) => clock.side === side)
                .reduce((sum, clock) => sum + clock.usedMs, 0);
              if (reserved.has(stage.name)) kept += usedMs;
              else others += usedMs;
            });
            expect(others + Math.max(kept, reserve?.ms ?? 0)).toBeLessThanOrEqual(
              state.pools.team?.[side].totalMs ?? 0,
            );
          }
        }
      }),
    );
  });
});
