/**
 * The projector display feature: `/timer/:id` and `/timer/:id/:matchid`. The `/id/:shortid`
 * short link is `./short-link` (it needs the query cache, which the display never loads).
 */
export { DisplayRoute } from './routes/display-route';
