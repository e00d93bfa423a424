/**
 * The timer display, shared by the projector screen, the console's live preview and the lobby
 * grid. Embed a preview with `<TimerDisplay store={store} variant="compact" />` inside a box
 * that has a width (compact is 16:9 by default; set a height to override).
 */
export { TimerDisplay, type TimerDisplayProps } from './timer-display';
export { ClockFace } from './clock-face';
export { stoppedAtZero } from './stage-info';
