/** The twelve management pages under `/timer/manage/:shortid/`. */
export { MANAGE_ROUTES } from './routes';
