import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import {
  commentedDocumentId,
  roleAtLeast,
  roleCanWriteDocument,
  YJS_CLOSE,
  YJS_LIMITS,
  YJS_MESSAGE,
  type ProjectRole,
  type YjsNoticeCode,
} from '@bianshi/shared';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import type { Logger } from '../lib/logger';
import { commentUpdateRefused } from './comment-rules';
import { NOTICE_MESSAGES } from './messages';
import type { YjsRepository } from './yjs.repository';

/** The room's only view of a socket (tests and the bench may stand in for `ws`). */
export interface DocConnection {
  /** Account behind the socket, or null for an invite token alone. */
  readonly userId: string | null;
  /** sha256 of the invite token the socket presented, if any. */
  readonly inviteHash: string | null;
  /** Re-checked when access changes. */
  role: ProjectRole;
  send(message: Uint8Array): void;
  close(code: number, reason: string): void;
}

/** Origin of changes that came from another hub (already persisted there, not relayed back). */
export const REMOTE_ORIGIN = Symbol('remote-hub');
/** Origin of state loaded from the database. */
const LOAD_ORIGIN = Symbol('load');

/** Compaction folds the log into the snapshot once this many updates piled up. */
export const COMPACT_AFTER_UPDATES = 200;

/** What the room needs from its registry. */
export interface DocRoomDependencies {
  repository: YjsRepository;
  logger: Logger;
  /** Relays a persisted update or an awareness change to other hubs (base64 done by the caller). */
  publish(kind: 'update' | 'awareness', data: Uint8Array): void;
  /** Called when the last connection left. */
  onIdle(): void;
}

/**
 * One loaded document: the Y.Doc and awareness every socket on this hub shares. An update from
 * a writer is appended to the database first, then applied and relayed (to local sockets and
 * other hubs), one at a time in arrival order, so whatever anyone has seen is stored.
 */
export class DocRoom {
  readonly doc = new Y.Doc({ gc: true });
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  private readonly connections = new Map<DocConnection, Set<number>>();
  private queue: Promise<void> = Promise.resolve();
  /** Updates accepted but not yet stored, in arrival order. */
  private readonly batch: { connection: DocConnection; update: Uint8Array }[] = [];
  private flushQueued = false;
  /** Approximate encoded size: stored bytes at load plus every update since. */
  private bytes = 0;
  private sinceCompaction = 0;
  private closed = false;

  constructor(
    readonly documentId: string,
    private readonly deps: DocRoomDependencies,
  ) {
    this.awareness.setLocalState(null);
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === LOAD_ORIGIN) return;
      this.broadcast(this.syncUpdateMessage(update));
      if (origin !== REMOTE_ORIGIN) this.deps.publish('update', update);
    });
    this.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const owner =
          origin && typeof origin === 'object' ? this.connections.get(origin as DocConnection) : undefined;
        if (owner) {
          for (const id of [...added, ...updated]) owner.add(id);
          for (const id of removed) owner.delete(id);
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed);
        this.broadcast(
          frame(YJS_MESSAGE.awareness, (encoder) => encoding.writeVarUint8Array(encoder, update)),
        );
        if (origin !== REMOTE_ORIGIN) this.deps.publish('awareness', update);
      },
    );
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
    this.connections.set(connection, new Set());
    connection.send(frame(YJS_MESSAGE.sync, (encoder) => syncProtocol.writeSyncStep1(encoder, this.doc)));
    const states = [...this.awareness.getStates().keys()];
    if (states.length > 0) {
      const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, states);
      connection.send(
        frame(YJS_MESSAGE.awareness, (encoder) => encoding.writeVarUint8Array(encoder, update)),
      );
    }
  }

  /** A socket left: its awareness states go, and the room may go idle. */
  leave(connection: DocConnection): void {
    const ids = this.connections.get(connection);
    if (!ids) return;
    this.connections.delete(connection);
    if (ids.size > 0) awarenessProtocol.removeAwarenessStates(this.awareness, [...ids], null);
    if (this.connections.size === 0) this.deps.onIdle();
  }

  /** One message from a socket (y-websocket protocol). Malformed input closes only that socket. */
  handleMessage(connection: DocConnection, message: Uint8Array): void {
    try {
      const decoder = decoding.createDecoder(message);
      const type = decoding.readVarUint(decoder);
      if (type === YJS_MESSAGE.sync) this.handleSync(connection, decoder);
      else if (type === YJS_MESSAGE.awareness)
        awarenessProtocol.applyAwarenessUpdate(
          this.awareness,
          decoding.readVarUint8Array(decoder),
          connection,
        );
      // Other types (auth, query-awareness of older clients) carry nothing we need.
    } catch (error) {
      this.deps.logger.warn('yjs message refused', { documentId: this.documentId, error: String(error) });
      connection.close(1003, 'bad-message');
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
      awarenessProtocol.applyAwarenessUpdate(this.awareness, data, REMOTE_ORIGIN);
    }
  }

  /** Re-reads access: `resolve` gives each connection's role now, or null to close it. */
  async recheck(
    resolve: (connection: DocConnection) => Promise<ProjectRole | null>,
    only: string | null,
  ): Promise<void> {
    for (const connection of [...this.connections.keys()]) {
      if (only !== null && connection.userId !== only) continue;
      const role = await resolve(connection);
      if (role === null) {
        this.notice(connection, 'access-revoked');
        connection.close(YJS_CLOSE.revoked.code, YJS_CLOSE.revoked.reason);
        this.leave(connection);
      } else {
        connection.role = role;
      }
    }
  }

  /** Waits for pending writes, folds the log into the snapshot when it grew, and frees memory. */
  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.compact().catch((error: unknown) =>
      this.deps.logger.warn('yjs compaction failed', { documentId: this.documentId, error: String(error) }),
    );
    for (const connection of this.connections.keys())
      connection.close(YJS_CLOSE.unloaded.code, YJS_CLOSE.unloaded.reason);
    this.connections.clear();
    this.awareness.destroy();
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
    if (!roleCanWriteDocument(connection.role, this.documentId)) {
      // Refused on the hub, whatever the client shows. Tell only when it would have added content.
      // Commenters write only a text document's comments document (`<id>-comments`).
      if (this.addsContent(update)) this.notice(connection, 'read-only');
      return;
    }
    if (update.byteLength > YJS_LIMITS.updateBytes) return this.notice(connection, 'update-too-large');
    if (!this.addsContent(update) && isEmptyDeleteSet(update)) return;
    if (this.commentsByNonEditor(connection) && commentUpdateRefused(this.pendingState(), update, connection.userId, connection.role))
      return this.notice(connection, 'not-your-comment');
    if (this.bytes + update.byteLength > YJS_LIMITS.documentBytes)
      return this.notice(connection, 'document-too-large');
    // Group commit: updates that arrive while a write is in flight go in the next write together.
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
    if (batch.length === 0 || this.closed) return;
    try {
      await this.deps.repository.appendUpdates(
        this.documentId,
        batch.map((item) => item.update),
      );
    } catch (error) {
      this.deps.logger.error('yjs update not stored', { documentId: this.documentId, error: String(error) });
      // Nothing unstored is relayed; the clients keep their edits and resend them after reconnecting.
      for (const connection of new Set(batch.map((item) => item.connection))) {
        this.notice(connection, 'storage-failed');
        connection.close(1011, 'storage-failed');
      }
      return;
    }
    for (const item of batch) this.bytes += item.update.byteLength;
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
    return this.batch.length === 0 ? current : Y.mergeUpdates([current, ...this.batch.map((item) => item.update)]);
  }

  /** True when the update carries items this document does not have yet. */
  private addsContent(update: Uint8Array): boolean {
    const { to } = Y.parseUpdateMeta(update);
    const have = Y.decodeStateVector(Y.encodeStateVector(this.doc));
    for (const [client, clock] of to) if (clock > (have.get(client) ?? 0)) return true;
    return false;
  }

  private notice(connection: DocConnection, code: YjsNoticeCode): void {
    const payload = JSON.stringify({ code, message: NOTICE_MESSAGES[code] });
    connection.send(frame(YJS_MESSAGE.notice, (encoder) => encoding.writeVarString(encoder, payload)));
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

/** A message of `type` whose body `write` fills. */
function frame(type: number, write: (encoder: encoding.Encoder) => void): Uint8Array {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
}

/** An update with no delete ranges (only possibly structs). */
function isEmptyDeleteSet(update: Uint8Array): boolean {
  return Y.decodeUpdate(update).ds.clients.size === 0;
}
