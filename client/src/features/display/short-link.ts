/** `/id/:shortid`: resolves a short link to its display. Apart from the display's chunk: it uses the query cache. */
export { ShortLinkRoute } from './routes/short-link-route';
