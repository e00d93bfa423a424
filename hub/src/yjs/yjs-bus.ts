/** What one hub tells the others about documents. */
export type YjsBusNotice =
  /** A document update (already persisted by the sending hub) or an awareness update, base64. */
  | { kind: 'update' | 'awareness'; documentId: string; data: string; hubId: string }
  /** A document was deleted: its sockets close (`not-found`) and it unloads. */
  | { kind: 'removed'; documentId: string; hubId: string }
  /** Someone's access to a project changed (`userId` null: invite links or everyone): re-check sockets. */
  | { kind: 'access'; projectId: string; userId: string | null; hubId: string };

/**
 * How hubs relay document updates, awareness and access changes to each other. A single hub
 * uses {@link localYjsBus}; several hubs use Redis (`scale/redis-yjs-bus.ts`), with a channel per
 * document that only hubs holding that document subscribe to, and one channel for access.
 */
export interface YjsBus {
  publish(notice: YjsBusNotice): void;
  subscribe(documentId: string): void;
  unsubscribe(documentId: string): void;
  onNotice(handler: (notice: YjsBusNotice) => void): void;
  /** Called when the link came back after a loss: loaded documents catch up from the database. */
  onReconnect(handler: () => void): void;
}

/** The single-hub bus: nothing to tell. */
export function localYjsBus(): YjsBus {
  return {
    publish: () => {},
    subscribe: () => {},
    unsubscribe: () => {},
    onNotice: () => {},
    onReconnect: () => {},
  };
}
