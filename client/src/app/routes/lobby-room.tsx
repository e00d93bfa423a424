import { lazy } from 'react';
import { LobbyRoomPage, type WebhooksPanel } from '../../features/lobby/room';

/** The manage pages' webhooks panel, with their styles: loaded when the organizer opens it. */
const LobbyWebhooksPanel: WebhooksPanel = lazy(() =>
  import('../../features/manage/components/webhooks-standalone').then((m) => ({ default: m.WebhooksPanel })),
);

/**
 * `/lobby/:id`: the lobby screen, its organizer console given the webhooks panel of the manage
 * pages (the lobby and manage features do not import each other; this route composes them).
 */
export function LobbyRoomRoute() {
  return <LobbyRoomPage WebhooksPanel={LobbyWebhooksPanel} />;
}
