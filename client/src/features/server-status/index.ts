export { ServerStatus } from './components/server-status';
