/** The match timer: state, commands, the reducer, deadlines and derived readings. */
export * from './match-state';
export * from './command.schema';
export * from './match-event';
export * from './match.reducer';
export * from './due-items';
export * from './clock-view';
export { advanceDraft } from './advance';
export { replayLog, replayedState, undoStep, type LogStep, type Replay, type ReplayedStep } from './undo';
export { TIMER_ERROR_MESSAGES, type CommandErrorCode } from './messages';
export * from './drive';
export { DISPLAY_PATH, displayPathParts } from './display-path';
