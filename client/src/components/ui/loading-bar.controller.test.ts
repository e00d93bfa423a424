import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingBar, estimatedProgress, LOADING_BAR } from './loading-bar.controller';
import type { LoadingBarState } from './loading-bar.controller';

describe('loading bar', () => {
  let states: LoadingBarState[];
  let bar: ReturnType<typeof createLoadingBar>;

  beforeEach(() => {
    vi.useFakeTimers();
    states = [];
    bar = createLoadingBar((s) => states.push(s), {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
      now: () => Date.now(),
    });
  });
  afterEach(() => vi.useRealTimers());

  it('never shows for navigations shorter than the 200 ms throttle', () => {
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs - 1);
    bar.finish();
    vi.advanceTimersByTime(5000);
    expect(states.every((s) => !s.visible)).toBe(true);
    expect(bar.state.status).toBe('idle');
  });

  it('goes loading → finished → hidden after 500 ms → reset after 400 ms', () => {
    bar.start();
    vi.advanceTimersByTime(LOADING_BAR.throttleMs);
    expect(bar.state).toMatchObject({ status: 'loading', visible: true });
    vi.advanceTimersByTime(1000);
    const mid = bar.state.progress;
    expect(mid).toBeGreaterThan(0);
    expect(mid).toBeLessThan(100);
    bar.finish();
    expect(bar.state).toEqual({ status: 'finished', visible: true, progress: 100 });
    vi.advanceTimersByTime(LOADING_BAR.hideDelayMs);
    expect(bar.state).toMatchObject({ visible: false, progress: 100 });
    vi.advanceTimersByTime(LOADING_BAR.resetDelayMs);
    expect(bar.state).toEqual({ status: 'idle', visible: false, progress: 0 });
  });

  it('shows the error state when the navigation failed', () => {
    bar.start();
    vi.advanceTimersByTime(300);
    bar.finish(true);
    expect(bar.state.status).toBe('error');
  });

  it('progress rises monotonically and stays below 100 while loading', () => {
    const values = [0, 200, 1000, 2000, 10_000, 100_000].map((t) =>
      estimatedProgress(t, LOADING_BAR.durationMs),
    );
    expect([...values].sort((a, b) => a - b)).toEqual(values);
    expect(Math.max(...values)).toBeLessThan(100);
  });
});
