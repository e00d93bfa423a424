/** Tournaments (世界杯): schemas, views, and the pure draw, judge, standings and bracket logic. */
export * from './tournament.schema';
export * from './tournament.view';
export * from './prng';
export * from './round-robin';
export * from './judge-assignment';
export * from './standings';
export * from './bracket';
export * from './ballots';
export * from './team-csv';
export * from './exports';
