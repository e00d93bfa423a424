/** Formats (赛制): schema, semantic rules, JSON import/export and the built-in library. */
export * from './format.schema';
export * from './format-semantics';
export * from './format-json';
export * from './stage-clocks';
export * from './format-diff';
export * from './builtin/builtin-formats';
export { FORMAT_MESSAGES } from './messages';
