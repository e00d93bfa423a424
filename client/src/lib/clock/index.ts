/**
 * Drawing a clock: what each clock of a match reads at a given server time (`ClockModel`: text,
 * phase, whether it runs), the frame loop that redraws only when the shown digits change
 * (`useFrameClock`, `useFrameKey`), and the clock's text (`formatShown`, `clockAriaLabel`, …).
 * Pure of the network: the realtime timer (lib/realtime/timer) feeds it state and server time.
 */
export {
  ClockModel,
  DANGER_WINDOW_MS,
  firstBellElapsedMs,
  type ClockPhase,
  type ClockReading,
  type ClockModelOptions,
} from './clock-model';
export { onAnimationFrame, useFrameClock, useFrameKey, type FrameKeyed } from './frame-clock';
export {
  clockAriaLabel,
  formatSeconds,
  formatShown,
  shownValue,
  spokenDuration,
  type ClockTextMode,
} from './time-format';
