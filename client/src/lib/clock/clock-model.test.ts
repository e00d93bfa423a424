import { describe, expect, it } from 'vitest';
import { ClockModel } from './clock-model';
import { freshMatch, run } from '../realtime/timer/test-fixtures';

const T0 = 1_000_000;

describe('ClockModel', () => {
  it('reads a fresh single clock as its full duration, normal phase', () => {
    const model = new ClockModel(freshMatch(T0));
    expect(model.clockCount).toBe(1);
    expect(model.read(0, T0 + 5_000)).toMatchObject({
      text: '03:30',
      phase: 'normal',
      running: false,
      active: true,
      side: 'aff',
      progress: 0,
    });
  });

  it('counts down from absolute time, warning from the first bell, danger with tenths in the last 10 s', () => {
    const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
    const model = new ClockModel(state);
    expect(model.read(0, T0 + 1_000)?.text).toBe('03:29');
    expect(model.read(0, T0 + 179_999)).toMatchObject({ text: '00:31', phase: 'normal' });
    expect(model.read(0, T0 + 180_000)).toMatchObject({ text: '00:30', phase: 'warning' });
    expect(model.read(0, T0 + 200_050)).toMatchObject({ text: '00:10', phase: 'danger', mode: 'seconds' });
    expect(model.read(0, T0 + 200_150)).toMatchObject({ text: '09.9', phase: 'danger', mode: 'tenths' });
  });

  it('stops at zero (overtime stop) by projecting past the deadline, in the overtime phase', () => {
    const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
    const model = new ClockModel(state);
    const reading = model.read(0, T0 + 215_000);
    expect(reading).toMatchObject({ text: '00:00', phase: 'overtime', running: false, progress: 1 });
  });

  it('ticks only while a clock runs or a deadline is ahead, so a paused screen draws no frames', () => {
    expect(new ClockModel(freshMatch(T0)).ticking).toBe(false);
    const running = new ClockModel(run(freshMatch(T0), [[{ type: 'start' }, T0]]));
    expect(running.ticking).toBe(true);
    running.read(0, T0 + 215_000); // past zero: the clock stops by itself
    expect(running.ticking).toBe(false);
    const paused = run(freshMatch(T0), [
      [{ type: 'start' }, T0],
      [{ type: 'pause' }, T0 + 5_000],
    ]);
    expect(new ClockModel(paused).ticking).toBe(false);
  });

  it('shows +mm:ss past zero when overtime continues', () => {
    const state = run(freshMatch(T0), [
      [{ type: 'goto', stageIndex: 2 }, T0],
      [{ type: 'start' }, T0],
    ]);
    const model = new ClockModel(state);
    expect(model.read(0, T0 + 32_500)).toMatchObject({ text: '+00:12', phase: 'overtime', mode: 'overtime' });
  });

  it('can leave tenths off', () => {
    const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
    expect(new ClockModel(state, { tenths: false }).read(0, T0 + 205_500)?.text).toBe('00:05');
  });

  it('reads both clocks of a dual stage and hands over on relay without a new state', () => {
    const state = run(freshMatch(T0), [
      [{ type: 'goto', stageIndex: 1 }, T0],
      [{ type: 'start' }, T0],
    ]);
    const model = new ClockModel(state);
    const [aff, neg] = model.readAll(T0 + 10_000);
    expect(aff).toMatchObject({ text: '00:50', running: true, active: true, side: 'aff' });
    expect(neg).toMatchObject({ text: '01:00', running: false, active: false, side: 'neg' });
    const after = model.readAll(T0 + 65_000);
    expect(after[0]).toMatchObject({ text: '00:00', running: false });
    expect(after[1]).toMatchObject({ text: '00:55', running: true, active: true });
  });

  it('counts up', () => {
    const state = run(freshMatch(T0), [
      [{ type: 'goto', stageIndex: 3 }, T0],
      [{ type: 'start' }, T0],
    ]);
    expect(new ClockModel(state).read(0, T0 + 12_300)).toMatchObject({ text: '00:12', mode: 'up' });
  });

  it('keys change exactly when the shown text changes', () => {
    const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
    const model = new ClockModel(state);
    let changes = 0;
    let texts = 0;
    let lastKey = model.keyOf(0, T0);
    let lastText = model.read(0, T0)?.text;
    for (let t = T0; t <= T0 + 215_000; t += 16) {
      const key = model.keyOf(0, t);
      const text = model.read(0, t)?.text;
      if (key !== lastKey) changes++;
      if (text !== lastText) texts++;
      // Text changes imply key changes (keys may also change for phase/running flips).
      if (text !== lastText) expect(key).not.toBe(lastKey);
      lastKey = key;
      lastText = text;
    }
    expect(texts).toBeGreaterThan(200);
    expect(changes).toBeLessThanOrEqual(texts + 3);
  });
});
