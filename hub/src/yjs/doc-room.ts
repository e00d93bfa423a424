import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  commentedDocumentId,
  roleAtLeast,
  roleCanWriteDocument,
  YJS_LIMITS,
  YJS_MESSAGE,
  type ProjectRole,
  type YjsNoticeCode,
} from '@bianshi/shared';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Logger } from '../lib/logger';
import type { PresenceIdentity } from './awareness-rules';
import { commentUpdateRefused } from './comment-rules';
import { DocPresence, REMOTE_ORIGIN } from './doc-presence';
import { frame, refuse } from './frames';
import { addsContent, deletesSomething, isEmptyDeleteSet } from './update-facts';
import type { YjsRepository } from './yjs.repository';

export { REMOTE_ORIGIN };

/** A socket's standing on a project: its role, and until when it holds (an invite's expiry, ms) or null. */
export interface DocGrant {
  role: ProjectRole;
  until: number | null;
}

/** The room's only view of a socket (tests and the bench may stand in for `ws`). */
export interface DocConnection {
  /** Account behind the socket, or null for an invite token alone. */
  readonly userId: string | null;
  /** sha256 of the invite token the socket presented, if any. */
  readonly inviteHash: string | null;
  /** Re-checked when access changes. */
  role: ProjectRole;
  /** When `role` stops holding (the expiry of the invite it came from, ms since epoch), or null. */
  roleUntil: number | null;
  /** The name and colour the others see, from the account (or the invite): never the client's choice. */
  readonly presence: { name: string; color: string };
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** Origin of state loaded from the database. */
const LOAD_ORIGIN = Symbol('load');

/** Compaction folds the log into the snapshot once this many updates piled up. */
export const COMPACT_AFTER_UPDATES = 200;

/** setTimeout's longest delay; a later expiry is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** What the room needs from its registry. */
export interface DocRoomDependencies {
  repository: YjsRepository;
  logger: Logger;
  now(): number;
  /** A connection's standing now, or null when it lost access (re-read on changes and at expiry). */
  resolve(connection: DocConnection): Promise<DocGrant | null>;
  /** Relays a persisted update or an awareness change to other hubs (base64 done by the caller). */
  publish(kind: 'update' | 'awareness', data: Uint8Array): void;
  /** Called when the last connection left. */
  onIdle(): void;
}

/**
 * One loaded document: the Y.Doc and presence every socket on this hub shares. An update from
 * a writer is appended to the database first, then applied and relayed (to local sockets and
 * other hubs), one at a time in arrival order, so whatever anyone has seen is stored. Whatever
 * the hub refuses closes the socket with the refusal's code (frames.ts), so no client goes on
 * showing an edit nobody else has.
 */
export class DocRoom {
  readonly doc = new Y.Doc({ gc: true });
  private readonly presence: DocPresence<DocConnection>;
  /** Open connections, each with the timer that re-checks it when its role expires. */
  private readonly connections = new Map<DocConnection, { expiry: NodeJS.Timeout | null }>();
  private queue: Promise<void> = Promise.resolve();
  /** Updates accepted but not yet stored, in arrival order. */
  private readonly batch: { connection: DocConnection; update: Uint8Array }[] = [];
  private flushQueued = false;
  /** Approximate encoded size: stored bytes at load plus every update since. */
  private bytes = 0;
  /** Bytes of updates accepted and not yet stored (waiting or being written): they count against the cap too. */
  private pendingBytes = 0;
  private sinceCompaction = 0;
  private closed = false;

  constructor(
    readonly documentId: string,
    private readonly deps: DocRoomDependencies,
  ) {
    this.presence = new DocPresence(this.doc, {
      now: deps.now,
      broadcast: (message) => this.broadcast(message),
      publish: (update) => deps.publish('awareness', update),
    });
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === LOAD_ORIGIN) return;
      this.broadcast(this.syncUpdateMessage(update));
      if (origin !== REMOTE_ORIGIN) this.deps.publish('update', update);
    });
  }

  /** The document's presence (y-protocols awareness). */
  get awareness() {
    return this.presence.awareness;
  }

  /** Loads the stored state (snapshot, then the log after it). */
  async load(): Promise<void> {
    const stored = await this.deps.repository.load(this.documentId);
    const parts = [
      ...(stored.snapshot ? [stored.snapshot.state] : []),
      ...stored.updates.map((u) => u.update),
    ];
    if (parts.length > 0) Y.applyUpdate(this.doc, Y.mergeUpdates(parts), LOAD_ORIGIN);
    this.bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
    this.sinceCompaction = stored.updates.length;
  }

  /** Catches up from the database (after Redis was lost): merging is idempotent. */
  async reload(): Promise<void> {
    const stored = await this.deps.repository.load(this.documentId);
    const parts = [
      ...(stored.snapshot ? [stored.snapshot.state] : []),
      ...stored.updates.map((u) => u.update),
    ];
    if (parts.length > 0) Y.applyUpdate(this.doc, Y.mergeUpdates(parts), REMOTE_ORIGIN);
  }

  get size(): number {
    return this.connections.size;
  }

  /** Connections, for access re-checks. */
  get sockets(): IterableIterator<DocConnection> {
    return this.connections.keys();
  }

  /** A new socket: sync step 1 (what we have), then who is here. */
  join(connection: DocConnection): void {
    this.connections.set(connection, { expiry: null });
    this.watchExpiry(connection);
    connection.send(frame(YJS_MESSAGE.sync, (encoder) => syncProtocol.writeSyncStep1(encoder, this.doc)));
    const here = this.presence.join(connection, connection.userId ?? `invite:${connection.inviteHash}`, () =>
      identityOf(connection),
    );
    if (here) connection.send(here);
  }

  /** A socket left (or was refused): its presence goes, and the room may go idle. */
  leave(connection: DocConnection): void {
    const entry = this.connections.get(connection);
    if (!entry) return;
    if (entry.expiry) clearTimeout(entry.expiry);
    this.connections.delete(connection);
    this.presence.leave(connection);
    if (this.connections.size === 0) this.deps.onIdle();
  }

  /** One message from a socket (y-websocket protocol). Malformed input closes only that socket. */
  handleMessage(connection: DocConnection, message: Uint8Array): void {
    // A refused socket's frames still in flight are dropped.
    if (!this.connections.has(connection)) return;
    try {
      const decoder = decoding.createDecoder(message);
      const type = decoding.readVarUint(decoder);
      if (type === YJS_MESSAGE.sync) this.handleSync(connection, decoder);
      else if (type === YJS_MESSAGE.awareness) {
        // Checked before parsing: a presence message is relayed to everyone, on every hub.
        if (message.byteLength > YJS_LIMITS.awarenessBytes)
          return this.refuse(connection, 'awareness-too-large');
        this.presence.handle(connection, decoding.readVarUint8Array(decoder));
      }
      // Other types (auth, query-awareness of older clients) carry nothing we need.
    } catch (error) {
      this.deps.logger.warn('yjs message refused', { documentId: this.documentId, error: String(error) });
      this.refuse(connection, 'bad-message');
    }
  }

  /** Applies an update made by the hub itself (a restored version): persisted and relayed like any edit. */
  applyServerUpdate(update: Uint8Array): Promise<void> {
    return this.enqueue(async () => {
      await this.deps.repository.appendUpdate(this.documentId, update);
      this.bytes += update.byteLength;
      this.sinceCompaction += 1;
      Y.applyUpdate(this.doc, update, null);
    });
  }

  /** An update another hub persisted and relayed. */
  applyRemote(kind: 'update' | 'awareness', data: Uint8Array): void {
    if (kind === 'update') {
      this.bytes += data.byteLength;
      Y.applyUpdate(this.doc, data, REMOTE_ORIGIN);
    } else {
      this.presence.applyRemote(data);
    }
  }

  /**
   * Re-reads access (`only`: one account's sockets, null: all): each connection gets its role
   * now, or is closed with `code` when it has none.
   */
  async recheck(only: string | null, code: YjsNoticeCode = 'access-revoked'): Promise<void> {
    for (const connection of [...this.connections.keys()]) {
      if (only !== null && connection.userId !== only) continue;
      await this.recheckOne(connection, code);
    }
  }

  /** Waits for pending writes, folds the log into the snapshot when it grew, and frees memory. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.compact().catch((error: unknown) =>
      this.deps.logger.warn('yjs compaction failed', { documentId: this.documentId, error: String(error) }),
    );
    for (const [connection, entry] of this.connections) {
      if (entry.expiry) clearTimeout(entry.expiry);
      refuse(connection, 'hub-closing');
    }
    this.connections.clear();
    this.presence.destroy();
    this.doc.destroy();
  }

  /** The document is gone: every socket is refused with `code`, nothing waiting is stored, memory is freed. */
  drop(code: YjsNoticeCode): void {
    this.closed = true;
    for (const [connection, entry] of this.connections) {
      if (entry.expiry) clearTimeout(entry.expiry);
      refuse(connection, code);
    }
    this.connections.clear();
    this.presence.destroy();
    this.doc.destroy();
  }

  /** Folds the stored log into one snapshot with `Y.mergeUpdates`. */
  async compact(): Promise<void> {
    if (this.sinceCompaction === 0) return;
    const result = await this.deps.repository.compact(this.documentId, (parts) => Y.mergeUpdates(parts));
    this.sinceCompaction = 0;
    if (result) this.bytes = result.bytes;
  }

  private handleSync(connection: DocConnection, decoder: decoding.Decoder): void {
    const syncType = decoding.readVarUint(decoder);
    switch (syncType) {
      case syncProtocol.messageYjsSyncStep1: {
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, YJS_MESSAGE.sync);
        syncProtocol.writeSyncStep2(reply, this.doc, decoding.readVarUint8Array(decoder));
        connection.send(encoding.toUint8Array(reply));
        return;
      }
      case syncProtocol.messageYjsSyncStep2:
      case syncProtocol.messageYjsUpdate: {
        this.handleUpdate(connection, decoding.readVarUint8Array(decoder));
        return;
      }
      default:
        throw new Error(`unknown sync message ${syncType}`);
    }
  }

  private handleUpdate(connection: DocConnection, update: Uint8Array): void {
    // An invite's role ends at its expiry even if the re-check timer has not run yet.
    if (connection.roleUntil !== null && this.deps.now() >= connection.roleUntil)
      return this.refuse(connection, 'invite-expired');
    if (!roleCanWriteDocument(connection.role, this.documentId)) {
      // Refused on the hub, whatever the client shows. Only an update that would have added
      // content is refused aloud (a viewer's sync step 2 with nothing new is not an edit).
      // Commenters write only a text document's comments document (`<id>-comments`).
      if (addsContent(this.doc, update) || deletesSomething(this.doc, update))
        this.refuse(connection, 'read-only');
      return;
    }
    if (update.byteLength > YJS_LIMITS.updateBytes) return this.refuse(connection, 'update-too-large');
    if (!addsContent(this.doc, update) && isEmptyDeleteSet(update)) return;
    if (
      this.commentsByNonEditor(connection) &&
      commentUpdateRefused(this.pendingState(), update, connection.userId, connection.role)
    )
      return this.refuse(connection, 'not-your-comment');
    // What waits to be written counts: a burst must not pass the cap while the first write is in flight.
    if (this.bytes + this.pendingBytes + update.byteLength > YJS_LIMITS.documentBytes)
      return this.refuse(connection, 'document-too-large');
    // Group commit: updates that arrive while a write is in flight go in the next write together.
    this.pendingBytes += update.byteLength;
    this.batch.push({ connection, update });
    if (!this.flushQueued) {
      this.flushQueued = true;
      void this.enqueue(() => this.flush());
    }
  }

  /** Stores every waiting update in one insert, then applies and relays them (never before). */
  private async flush(): Promise<void> {
    this.flushQueued = false;
    const batch = this.batch.splice(0);
    const batchBytes = batch.reduce((sum, item) => sum + item.update.byteLength, 0);
    if (batch.length === 0 || this.closed) {
      this.pendingBytes -= batchBytes;
      return;
    }
    try {
      await this.deps.repository.appendUpdates(
        this.documentId,
        batch.map((item) => item.update),
      );
    } catch (error) {
      this.pendingBytes -= batchBytes;
      this.deps.logger.error('yjs update not stored', { documentId: this.documentId, error: String(error) });
      // Nothing unstored is relayed; the clients keep their edits and resend them after reconnecting.
      for (const connection of new Set(batch.map((item) => item.connection)))
        this.refuse(connection, 'storage-failed');
      return;
    }
    this.pendingBytes -= batchBytes;
    // Dropped while the write was in flight (the document was deleted): nothing to apply or relay.
    if (this.doc.isDestroyed) return;
    this.bytes += batchBytes;
    this.sinceCompaction += batch.length;
    if (batch.length === 1) Y.applyUpdate(this.doc, batch[0]!.update, batch[0]!.connection);
    else Y.applyUpdate(this.doc, Y.mergeUpdates(batch.map((item) => item.update)), null);
    if (this.sinceCompaction >= COMPACT_AFTER_UPDATES)
      await this.compact().catch((error: unknown) =>
        this.deps.logger.warn('yjs compaction failed', { error: String(error) }),
      );
  }

  /** A comments document written by someone below editor: each update is checked (comment-rules.ts). */
  private commentsByNonEditor(connection: DocConnection): boolean {
    return commentedDocumentId(this.documentId) !== null && !roleAtLeast(connection.role, 'editor');
  }

  /** The document as it will be once the updates waiting to be written are applied. */
  private pendingState(): Uint8Array {
    const current = Y.encodeStateAsUpdate(this.doc);
    return this.batch.length === 0
      ? current
      : Y.mergeUpdates([current, ...this.batch.map((item) => item.update)]);
  }

  /** Refuses on the socket (notice, then the refusal's close) and lets it go at once. */
  private refuse(connection: DocConnection, code: YjsNoticeCode): void {
    refuse(connection, code);
    this.leave(connection);
  }

  /** Re-reads one connection's standing: a new role (and expiry), or closed with `code`. */
  private async recheckOne(connection: DocConnection, code: YjsNoticeCode): Promise<void> {
    const grant = await this.deps.resolve(connection);
    if (!this.connections.has(connection)) return;
    if (grant === null) return this.refuse(connection, code);
    connection.role = grant.role;
    connection.roleUntil = grant.until;
    this.watchExpiry(connection);
  }

  /** Re-checks a connection when its role expires (an invite link's end), on the hub that holds it. */
  private watchExpiry(connection: DocConnection): void {
    const entry = this.connections.get(connection);
    if (!entry) return;
    if (entry.expiry) clearTimeout(entry.expiry);
    entry.expiry = null;
    if (connection.roleUntil === null) return;
    const wait = connection.roleUntil - this.deps.now();
    entry.expiry = setTimeout(
      () => {
        entry.expiry = null;
        if (this.deps.now() < (connection.roleUntil ?? Infinity)) return this.watchExpiry(connection);
        void this.recheckOne(connection, 'invite-expired').catch((error: unknown) =>
          this.deps.logger.warn('yjs expiry re-check failed', { error: String(error) }),
        );
      },
      Math.max(0, Math.min(wait, MAX_TIMER_MS)),
    );
    entry.expiry.unref();
  }

  private syncUpdateMessage(update: Uint8Array): Uint8Array {
    return frame(YJS_MESSAGE.sync, (encoder) => syncProtocol.writeUpdate(encoder, update));
  }

  /** One encoded frame, sent to every socket. */
  private broadcast(message: Uint8Array): void {
    for (const connection of this.connections.keys()) connection.send(message);
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => {});
    return next;
  }
}

/** The presence a socket's states carry. */
function identityOf(connection: DocConnection): PresenceIdentity {
  return { ...connection.presence, role: connection.role };
}
