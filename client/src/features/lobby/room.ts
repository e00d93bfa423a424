/** The lobby screen's route module in the site (`/lobby/:id`): audience, judge and the organizer's console. */
export { LobbyRoomPage } from './components/lobby-room-page';
export type { WebhooksPanel } from './components/lobby-webhooks';
