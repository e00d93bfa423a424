/** Rules text → format: the deterministic parser behind /create's paste mode, and typed durations. */
export * from './parse-rules';
export { findDurations, parseDurationMs } from './duration';
export {
  DURATION_TEXT_ERRORS,
  parseDurationText,
  type DurationTextError,
  type DurationTextResult,
} from './duration-text';
export { normalizeRulesText } from './normalize';
