/** Tournaments (世界杯): schemas, views, and the pure draw, judge, standings and bracket logic. */
export * from './tournament.schema';
export * from './tournament.view';
