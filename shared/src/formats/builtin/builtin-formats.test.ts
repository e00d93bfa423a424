import { describe, expect, it } from 'vitest';
import { deriveRecord, type MatchLogEntry } from '../../record/match-record';
import type { Command } from '../../timer/command.schema';
import { nextDeadline } from '../../timer/due-items';
import { createMatch, currentRuntime, type MatchState } from '../../timer/match-state';
import { apply } from '../../timer/match.reducer';
import { exportFormatJson, parseFormatJson } from '../format-json';
import { formatSemanticIssues } from '../format-semantics';
import { formatSchema, type Format } from '../format.schema';
import { stageClockSpecs, stagePoolId } from '../stage-clocks';
import { BUILTIN_FORMATS, getBuiltinFormat } from './builtin-formats';

const OVERTIME_RUN_MS = 20_000;

describe('the built-in library', () => {
  it('has at least 14 formats with unique stable ids, including every required one', () => {
    expect(BUILTIN_FORMATS.length).toBeGreaterThanOrEqual(14);
    const ids = BUILTIN_FORMATS.map((format) => format.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'cn-worldcup',
      'apicdt',
      'cn-gongbian',
      'cn-classic',
      'cn-xinguobian',
      'tw-oregon-444',
      'bp',
      'wsdc',
      'asian-parl',
      'australs',
      'policy-hs',
      'lincoln-douglas',
      'public-forum',
      'karl-popper',
    ]) {
      expect(getBuiltinFormat(id)?.id).toBe(id);
    }
    expect(getBuiltinFormat('nope')).toBeUndefined();
  });

  it.each(BUILTIN_FORMATS.map((format) => [format.id, format] as const))(
    '%s passes the schema and the semantic rules, carries the note, and round-trips as JSON',
    (_id, format) => {
      expect(format.note).toBe('以当届官方规则为准');
      expect(formatSchema.parse(format)).toEqual(format);
      expect(formatSemanticIssues(format)).toEqual([]);
      expect(parseFormatJson(exportFormatJson(format))).toEqual({ ok: true, format });
    },
  );

  it('survives JSON unchanged, as the browser receives it (client/build/builtin-formats-plugin.ts)', () => {
    expect(JSON.parse(JSON.stringify(BUILTIN_FORMATS))).toStrictEqual(BUILTIN_FORMATS);
  });

  it('has the numbers of FORMATS.md in a few spot checks', () => {
    const worldcup = getBuiltinFormat('cn-worldcup');
    const freeDebate = worldcup?.stages.find((stage) => stage.name === '自由辩论');
    expect(freeDebate).toMatchObject({
      kind: 'dual',
      durationMs: { aff: 240_000, neg: 240_000 },
      firstSide: 'aff',
      endBehaviour: 'relay',
    });
    expect(getBuiltinFormat('cn-xinguobian')?.pools).toEqual([
      {
        id: 'team',
        name: '队伍总用时',
        kind: 'budget',
        totalMs: { aff: 1_080_000, neg: 1_080_000 },
        reserve: { ms: 180_000, stages: ['反方四辩 总结陈词', '正方四辩 总结陈词'] },
      },
    ]);
    expect(getBuiltinFormat('policy-hs')?.pools[0]?.totalMs).toEqual({ aff: 480_000, neg: 480_000 });
    expect(getBuiltinFormat('lincoln-douglas')?.pools[0]?.totalMs.aff).toBe(240_000);
    expect(getBuiltinFormat('public-forum')?.pools[0]?.totalMs.aff).toBe(180_000);
    const pm = getBuiltinFormat('bp')?.stages[1];
    expect(pm).toMatchObject({
      kind: 'single',
      durationMs: 420_000,
      poi: { openFromMs: 60_000, closeAtMs: 360_000, maxMs: 15_000 },
    });
    expect(getBuiltinFormat('tw-oregon-444')?.stages[1]).toMatchObject({
      direction: 'up',
      overtime: 'continue',
    });
    expect(getBuiltinFormat('apicdt')?.timeouts?.aff).toEqual({ count: 1, durationMs: 90_000 });
  });
});

/** Runs a format first stage to last, as a timekeeper would, with the scheduler expiring at each deadline. */
function simulate(format: Format): { state: MatchState; log: MatchLogEntry[] } {
  let state = createMatch(format, { now: 0 });
  let now = 0;
  const log: MatchLogEntry[] = [];
  const send = (command: Command, at: number) => {
    const result = apply(state, command, at);
    if (!result.ok)
      throw new Error(
        `${format.id} stage ${state.stageIndex}: ${command.type} refused (${result.error.code})`,
      );
    state = result.state;
    log.push({ command, at, events: result.events });
    now = at;
  };
  const running = () => currentRuntime(state).clocks.some((clock) => clock.runningSince !== null);
  /** Expires at each deadline until nothing runs or `until`, then pauses at `until` if still running. */
  const driveClock = (until: number) => {
    for (
      let deadline = nextDeadline(state);
      running() && deadline !== null && deadline <= until;
      deadline = nextDeadline(state)
    )
      send({ type: 'expire' }, deadline);
    if (running()) send({ type: 'pause' }, until);
  };
  format.stages.forEach((stage, index) => {
    if (index > 0) send({ type: 'next' }, now + 1_000);
    const clocks = currentRuntime(state).clocks;
    if (clocks.length === 0) return;
    if (stagePoolId(stage) !== null) {
      const clock = clocks[currentRuntime(state).activeClock];
      if (clock === undefined || clock.budgetMs === 0) return;
      send({ type: 'start' }, now + 1_000);
      driveClock(now + Math.min(clock.budgetMs, 60_000));
      return;
    }
    const overtime = stage.kind === 'single' || stage.kind === 'dual' ? stage.overtime : 'stop';
    for (let turn = 0; turn < clocks.length; turn += 1) {
      const clock = currentRuntime(state).clocks[currentRuntime(state).activeClock];
      if (clock !== undefined && clock.usedMs < clock.budgetMs) {
        // A relay runs both sides back to back: the hand-over happens by itself at the first zero.
        const relay = stage.kind === 'dual' && stage.endBehaviour === 'relay';
        const runMs = relay
          ? clocks.reduce((sum, each) => sum + each.budgetMs - each.usedMs, 0)
          : clock.budgetMs - clock.usedMs;
        send({ type: 'start' }, now + 1_000);
        driveClock(now + runMs + (overtime === 'continue' ? OVERTIME_RUN_MS : 0));
      }
      if (turn + 1 < clocks.length) send({ type: 'switchSide' }, now);
    }
  });
  send({ type: 'finish' }, now + 1_000);
  return { state, log };
}

describe('every built-in format runs first stage to last', () => {
  it.each(BUILTIN_FORMATS.map((format) => [format.id, format] as const))(
    '%s: the record matches the durations',
    (_id, format) => {
      const { state, log } = simulate(format);
      expect(state.status).toBe('finished');
      expect(state.stageIndex).toBe(format.stages.length - 1);
      const record = deriveRecord(format, log, 0);
      expect(record.rejected).toBe(0);
      expect(record.finalState).toEqual(state);
      expect(record.stages).toHaveLength(format.stages.length);
      format.stages.forEach((stage, index) => {
        const stageRecord = record.stages[index];
        const specs = stageClockSpecs(stage);
        expect(stageRecord?.clocks).toHaveLength(specs.length);
        if (stagePoolId(stage) !== null) return;
        specs.forEach((spec, c) => {
          const clockRecord = stageRecord?.clocks[c];
          const overtime = stage.kind === 'single' || stage.kind === 'dual' ? stage.overtime : 'stop';
          expect(clockRecord?.allottedMs).toBe(spec.durationMs);
          expect({ index, c, usedMs: clockRecord?.usedMs }).toEqual({
            index,
            c,
            usedMs: (spec.durationMs ?? 0) + (overtime === 'continue' ? OVERTIME_RUN_MS : 0),
          });
          expect(clockRecord?.overtimeMs).toBe(overtime === 'continue' ? OVERTIME_RUN_MS : 0);
          if (
            (stage.kind === 'single' || stage.kind === 'dual') &&
            stage.overtimeBells === undefined &&
            stage.turnCap === undefined
          ) {
            // Every scheduled bell within the time run rang exactly once on this clock.
            const reachable = stage.bells.filter(
              (bell) =>
                bell.from === 'end' ||
                bell.offsetMs <= (spec.durationMs ?? 0) + (overtime === 'continue' ? OVERTIME_RUN_MS : 0),
            );
            expect(clockRecord?.bellsRung).toBe(reachable.length);
          }
          if (stage.kind === 'single' && stage.overtimeBells !== undefined) {
            // 20 s past zero with a 15 s grace: exactly one overtime bell on top of the scheduled ones.
            expect(clockRecord?.bellsRung).toBe(stage.bells.length + 1);
          }
        });
      });
      for (const pool of format.pools) {
        for (const side of ['aff', 'neg'] as const) {
          const balance = state.pools[pool.id]?.[side];
          expect(balance?.usedMs).toBeLessThanOrEqual(pool.totalMs[side]);
          expect(balance?.usedMs).toBeGreaterThan(0);
        }
      }
    },
  );
});
