/** The projector display feature: `/timer/:id`, `/timer/:id/:matchid` and the `/id/:shortid` short link. */
export { DisplayRoute } from './routes/display-route';
export { ShortLinkRoute } from './routes/short-link-route';
