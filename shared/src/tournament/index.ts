/** Tournaments (世界杯): schemas, views, the pure draw, judge, standings and bracket logic, and the tab engine. */
export * from './tournament.schema';
export * from './tournament.view';
export * from './prng';
export * from './round-robin';
export * from './judge-assignment';
export * from './standings';
export * from './bracket';
export * from './ballots';
export * from './panels';
export * from './team-csv';
export * from './exports';
export * from './round-draw';
export * from './bp-rooms';
export * from './bp-standings';
export * from './bp-knockout';
export * from './round-motions';
export * from './speaker-tab';
/** The tab engine (Swiss, BP, standings, break), namespaced: its names overlap the pool draw's. */
export * as tabEngine from './engine';
/** Tabbycat's CSV import folders and DebateXML, namespaced: its type names (ImportError, …) are generic. */
export * as tabbycat from './tabbycat';
export * from './break-categories';
