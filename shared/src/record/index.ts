/** Match records derived from the command log, and their result sheets. */
export * from './match-record';
export * from './result-sheet';
