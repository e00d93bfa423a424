/** Match records derived from the command log. */
export * from './match-record';
