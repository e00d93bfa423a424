/**
 * The pure core of 辩时: domain model, formats, reducer, clock maths and wire schemas.
 * Imports no Node, DOM, network or database module; time and ids come in as arguments.
 */
export * from './protocol/index';
export * from './formats/index';
export * from './timer/index';
export * from './record/index';
export * from './clock/index';
export * from './rules-text/index';
export * from './cdkey/index';
export * from './invoice/index';
export * from './entitlements/index';
export * from './library/index';
export * from './collab/index';
export * from './ai/index';
export * from './tournament/index';
export * from './integrations/index';
