/** The control console at `/timer/manage/:shortid` (claims control links, keyboard shortcuts, live preview). */
export { ConsoleRoute } from './routes/console-route';
