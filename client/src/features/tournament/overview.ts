/** The tab room's overview of a round: an entry of its own, loaded only by the staff who open it. */
export { OverviewPage } from './components/overview-page';
