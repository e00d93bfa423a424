/** The AI area's pure parts: the case outline, and what provider answers must pass. */
export * from './case-outline';
export * from './json-reply';
export * from './stream-events';
