/** The live wall of a tournament round: every fixture's synced clock on one projected page. */
export { LiveWallPage } from './components/live-wall-page';
