/** The signed-in home page (/home). */
export { HomePage } from './components/home-page';
