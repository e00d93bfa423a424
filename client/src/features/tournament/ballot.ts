/** The judge's ballot page (private link, phone first). */
export { BallotPage } from './components/ballot-page';
