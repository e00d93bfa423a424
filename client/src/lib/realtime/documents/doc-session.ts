import * as decoding from 'lib0/decoding';
import {
  presenceColor,
  YJS_INVITE_PARAM,
  YJS_MESSAGE,
  YJS_PATH,
  YJS_REFUSALS,
  yjsRefusalOf,
  type ProjectRole,
  type YjsNotice,
  type YjsNoticeCode,
} from '@bianshi/shared';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';

/** Who this person is to the others in a document (awareness `user` field; the hub sets name, colour and role). */
export interface PresenceUser {
  name: string;
  color: string;
  role: ProjectRole;
  /** Flows: the box this person is on. */
  cell?: string | null;
}

export type DocStatus = 'connecting' | 'connected' | 'disconnected' | 'refused';

export interface DocSessionState {
  status: DocStatus;
  /** The hub's state has been merged at least once since opening. */
  synced: boolean;
  /** The local copy (IndexedDB) was read: the document can be shown and edited offline. */
  localReady: boolean;
  /** The browser says it has no network: edits stay local until it is back. */
  offline: boolean;
  /** Why the hub closed the document for good (`status` is `refused`), or why it asks for a reload. */
  refusal: YjsNoticeCode | null;
  /**
   * The hub refused an edit this copy holds (`resync` refusals): the copy must be dropped and
   * the hub's loaded again, or the refused edit would stay on screen. `useDocSession` does it.
   */
  stale: boolean;
}

/**
 * One open document: the Y.Doc, its IndexedDB copy (opens and edits offline) and its
 * WebsocketProvider to the hub's `/api/yjs/<documentId>` (merges on reconnect). The hub's
 * refusals arrive as a notice (`onNotice`, in Chinese) and a close (YJS_REFUSALS): a refused
 * connection stops (y-websocket does not retry 44xx), a refused edit marks the copy `stale`.
 */
export class DocSession {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  readonly persistence: IndexeddbPersistence;
  private state: DocSessionState;
  private readonly listeners = new Set<() => void>();
  private readonly onOffline = () => this.setOffline(true);
  private readonly onOnline = () => this.setOffline(false);

  constructor(
    readonly documentId: string,
    options: {
      invite?: string | null;
      user: PresenceUser;
      onNotice?: (notice: YjsNotice) => void;
      location?: Pick<Location, 'protocol' | 'host'>;
    },
  ) {
    const location = options.location ?? window.location;
    const base = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${YJS_PATH}`;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    this.state = {
      status: 'connecting',
      synced: false,
      localReady: false,
      offline,
      refusal: null,
      stale: false,
    };
    this.persistence = new IndexeddbPersistence(localCopyName(documentId), this.doc);
    this.persistence.once('synced', () => this.patch({ localReady: true }));
    this.provider = new WebsocketProvider(base, documentId, this.doc, {
      params: options.invite ? { [YJS_INVITE_PARAM]: options.invite } : {},
      maxBackoffTime: 10_000,
      connect: !offline,
    });
    this.provider.messageHandlers[YJS_MESSAGE.notice] = (_encoder, decoder) => {
      try {
        options.onNotice?.(JSON.parse(decoding.readVarString(decoder)) as YjsNotice);
      } catch {
        // A malformed notice is ignored.
      }
    };
    this.provider.on('status', ({ status }) => {
      if (this.state.status !== 'refused') this.patch({ status });
    });
    this.provider.on('sync', (synced: boolean) => synced && this.patch({ synced: true }));
    this.provider.on('connection-close', (event) => {
      const refusal = event ? yjsRefusalOf(event) : null;
      if (!refusal) return;
      const after = YJS_REFUSALS[refusal].after;
      if (after === 'stop') this.patch({ status: 'refused', refusal });
      // The provider stopped (44xx); the hook drops this copy and opens the hub's.
      else if (after === 'resync') this.patch({ status: 'refused', refusal, stale: true });
    });
    this.provider.awareness.setLocalStateField('user', options.user);
    // The browser knows at once when the network goes; the socket would take 30 s or more to notice.
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
  }

  get snapshot(): DocSessionState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  destroy(): void {
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.provider.destroy();
    void this.persistence.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  /** Drops this copy for good (its local copy too), so the next session loads the hub's. */
  async discard(): Promise<void> {
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    this.provider.destroy();
    await this.persistence.clearData();
    this.doc.destroy();
    this.listeners.clear();
  }

  private setOffline(offline: boolean): void {
    if (offline === this.state.offline) return;
    this.patch({ offline });
    if (this.state.status === 'refused') return;
    // Offline: stop the socket, so edits stay local and the status says so; back online: merge.
    if (offline) this.provider.disconnect();
    else this.provider.connect();
  }

  private patch(patch: Partial<DocSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** The IndexedDB database of a document's local copy. */
export function localCopyName(documentId: string): string {
  return `bianshi-doc-${documentId}`;
}

/** A steady colour for a person, from their id, as `#rrggbb` (the hub sets the same one in presence). */
export const colorFor = presenceColor;
