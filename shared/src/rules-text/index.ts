/** Rules text → format: the deterministic parser behind /create's paste mode. */
export * from './parse-rules';
export { findDurations, parseDurationMs } from './duration';
export { normalizeRulesText } from './normalize';
