/**
 * The webhooks panel outside the manage pages (the lobby's organizer console loads it on demand):
 * the panel with the manage pages' styles it is drawn with.
 */
import '../manage.css';
import '../pages/pages.css';
import '../pages/integrations-page.css';

export { WebhooksPanel } from './webhooks-panel';
