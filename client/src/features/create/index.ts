/** `/create`: a timer from a format of the library, landing on its console. */
export { CreateRoute } from './routes/create-route';
