import * as decoding from 'lib0/decoding';
import {
  YJS_CLOSE,
  YJS_INVITE_PARAM,
  YJS_MESSAGE,
  YJS_PATH,
  type ProjectRole,
  type YjsNotice,
} from '@bianshi/shared';
import { IndexeddbPersistence } from 'y-indexeddb';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';

/** Who this person is to the others in a document (awareness `user` field). */
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
}

/**
 * One open document: the Y.Doc, its IndexedDB copy (opens and edits offline) and its
 * WebsocketProvider to the hub's `/api/yjs/<documentId>` (merges on reconnect). The hub's
 * notices (refused edits, limits, revoked access) reach `onNotice` in Chinese.
 */
export class DocSession {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  readonly persistence: IndexeddbPersistence;
  private state: DocSessionState = { status: 'connecting', synced: false, localReady: false };
  private readonly listeners = new Set<() => void>();

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
    this.persistence = new IndexeddbPersistence(`bianshi-doc-${documentId}`, this.doc);
    this.persistence.once('synced', () => this.patch({ localReady: true }));
    this.provider = new WebsocketProvider(base, documentId, this.doc, {
      params: options.invite ? { [YJS_INVITE_PARAM]: options.invite } : {},
      maxBackoffTime: 10_000,
    });
    this.provider.messageHandlers[YJS_MESSAGE.notice] = (_encoder, decoder) => {
      try {
        options.onNotice?.(JSON.parse(decoding.readVarString(decoder)) as YjsNotice);
      } catch {
        // A malformed notice is ignored.
      }
    };
    this.provider.on('status', ({ status }) =>
      this.patch({ status: this.state.status === 'refused' ? 'refused' : status }),
    );
    this.provider.on('sync', (synced: boolean) => synced && this.patch({ synced: true }));
    this.provider.on('connection-close', (event) => {
      if (event && event.code >= 4400 && event.code < 4500) this.patch({ status: 'refused' });
      if (event?.code === YJS_CLOSE.revoked.code) this.patch({ status: 'refused' });
    });
    this.provider.awareness.setLocalStateField('user', options.user);
  }

  get snapshot(): DocSessionState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  destroy(): void {
    this.provider.destroy();
    void this.persistence.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private patch(patch: Partial<DocSessionState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}

/** A steady colour for a person, from their id. */
export function colorFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `hsl(${hash % 360} 70% 45%)`;
}
