/**
 * One requestAnimationFrame loop for the whole page, shared by every clock on screen, and a hook
 * that re-renders a component only when a number it derives from the time changes. The frame
 * callback of a clock is a few arithmetic operations (see ClockModel.keyOf): no allocation, no
 * React work unless the shown digits, colour phase or running state change.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

type FrameListener = () => void;

let listeners: FrameListener[] = [];
let handle = 0;

function frame(): void {
  const current = listeners;
  for (let i = 0; i < current.length; i++) current[i]!();
  handle = listeners.length > 0 ? requestAnimationFrame(frame) : 0;
}

/** Calls `listener` on every animation frame until the returned function is called. */
export function onAnimationFrame(listener: FrameListener): () => void {
  listeners = [...listeners, listener];
  if (handle === 0 && typeof requestAnimationFrame === 'function') handle = requestAnimationFrame(frame);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
    if (listeners.length === 0 && handle !== 0) {
      cancelAnimationFrame(handle);
      handle = 0;
    }
  };
}

/**
 * Evaluates `compute` every animation frame and re-renders the component only when its result
 * changes. Returns the latest result. `compute` must be cheap and allocation-free, e.g.
 * `useFrameKey(() => model.keyOf(0, clock.now()))`; read the full value during render.
 *
 * `live` false says the result cannot change with time alone (a paused clock): no frame loop
 * runs until it is true again, so a screen showing a stopped clock draws no frames (a frame loop
 * kept a quarter of a core busy on a projector laptop, and a phone's battery with it). The
 * component still re-renders on its props; the result is then computed at render.
 */
export function useFrameKey(compute: () => number, live = true): number {
  const computeRef = useRef(compute);
  const [key, setKey] = useState(compute);
  const keyRef = useRef(key);
  useLayoutEffect(() => {
    computeRef.current = compute;
  });
  useEffect(() => {
    if (!live) return undefined;
    return onAnimationFrame(() => {
      const next = computeRef.current();
      if (next !== keyRef.current) {
        keyRef.current = next;
        setKey(next);
      }
    });
  }, [live]);
  return live ? key : compute();
}

/** Anything whose display can be keyed per frame (a {@link ClockModel}). */
export interface FrameKeyed {
  keyOfAll(now: number): number;
  /** Whether what the clocks show can change with time alone (one runs, or a deadline is due). */
  readonly ticking: boolean;
}

/**
 * Re-renders when what `model`'s clocks show changes (digits, colour phase, running state) and
 * returns the server time to read them at: `const now = useFrameClock(model, clock);
 * model.readAll(now)`. `model` null (no state yet) never re-renders.
 */
export function useFrameClock(model: FrameKeyed | null, clock: { now(): number }): number {
  useFrameKey(() => (model === null ? 0 : model.keyOfAll(clock.now())), model?.ticking ?? false);
  return clock.now();
}
