/**
 * 世界杯, the tournament hub: the list, creating, a tournament's tabs, the organizer's console and
 * the printable draw sheet (and, on demand, the Tabbycat import screen). The live wall (`./wall`) and the judge's ballot page (`./ballot`)
 * are entries of their own, so a projector or a judge's phone downloads only what it shows.
 */
export { CreateTournamentPage } from './components/create-tournament-page';
export { DrawSheetPage } from './components/draw-sheet-page';
export { ManagePage } from './components/manage-page';
export { TabbycatImportPage } from './components/tabbycat-import-lazy';
export { TournamentPage } from './components/tournament-page';
export { TournamentsPage } from './components/tournaments-page';
