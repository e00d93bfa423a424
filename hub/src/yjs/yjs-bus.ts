import { localHubBus, type HubBus } from '../scale/hub-bus';
import type { FamilyNotice } from '../scale/hub-notice';

/** What one hub tells the others about documents (the document family of the hub notices). */
export type YjsBusNotice = FamilyNotice<'doc'>;

/**
 * The documents' view of the hub bus: updates, presence and access changes, on a topic per
 * document that only hubs holding it loaded subscribe to (access changes reach every hub).
 */
export interface YjsBus {
  publish(notice: YjsBusNotice): void;
  subscribe(documentId: string): void;
  unsubscribe(documentId: string): void;
  onNotice(handler: (notice: YjsBusNotice) => void): void;
  /** Called when the link came back after a loss: loaded documents catch up from the database. */
  onReconnect(handler: () => void): void;
}

/** The documents' view of `bus`. */
export function yjsBusOn(bus: HubBus): YjsBus {
  return {
    publish: (notice) => bus.publish(notice),
    subscribe: (documentId) => bus.subscribe(`doc:${documentId}`),
    unsubscribe: (documentId) => bus.unsubscribe(`doc:${documentId}`),
    onNotice: (handler) => bus.on('doc', handler),
    onReconnect: (handler) => bus.onReconnect(handler),
  };
}

/** The single-hub bus: nothing to tell. */
export function localYjsBus(): YjsBus {
  return yjsBusOn(localHubBus('local'));
}
