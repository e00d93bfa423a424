import type { Logger } from '../lib/logger';
import { DocRoom, type DocConnection, type DocGrant } from './doc-room';
import type { YjsBus, YjsBusNotice } from './yjs-bus';
import type { YjsRepository } from './yjs.repository';

/** A document with no socket left is unloaded after this long. */
export const DOC_IDLE_UNLOAD_MS = 30_000;

export interface DocRegistryDependencies {
  repository: YjsRepository;
  logger: Logger;
  bus: YjsBus;
  hubId: string;
  now(): number;
  /** A connection's standing on a project now, or null when it lost access. */
  resolveRole(projectId: string, connection: DocConnection): Promise<DocGrant | null>;
  idleUnloadMs?: number;
}

interface Entry {
  room: DocRoom;
  ready: Promise<DocRoom>;
  projectId: string;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * The documents this hub holds in memory: loaded on the first socket, shared by every socket
 * on this hub, subscribed to the other hubs' updates while loaded, unloaded when idle.
 */
export class DocRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly idleUnloadMs: number;

  constructor(private readonly deps: DocRegistryDependencies) {
    this.idleUnloadMs = deps.idleUnloadMs ?? DOC_IDLE_UNLOAD_MS;
    deps.bus.onNotice((notice) => this.handleNotice(notice));
    deps.bus.onReconnect(() => {
      for (const entry of this.entries.values()) {
        void entry.ready
          .then((room) => room.reload())
          .catch((error: unknown) => deps.logger.warn('yjs catch-up failed', { error: String(error) }));
      }
    });
  }

  /** Documents loaded on this hub. */
  get loaded(): number {
    return this.entries.size;
  }

  /** The loaded room of a document, loading it first when needed. */
  open(documentId: string, projectId: string): Promise<DocRoom> {
    const existing = this.entries.get(documentId);
    if (existing) {
      this.cancelIdle(existing);
      return existing.ready;
    }
    const room: DocRoom = new DocRoom(documentId, {
      repository: this.deps.repository,
      logger: this.deps.logger,
      now: this.deps.now,
      resolve: (connection) => this.deps.resolveRole(projectId, connection),
      publish: (kind, data) =>
        this.deps.bus.publish({
          type: kind === 'update' ? 'doc-update' : 'doc-awareness',
          documentId,
          data: Buffer.from(data).toString('base64'),
          hubId: this.deps.hubId,
        }),
      onIdle: () => this.scheduleIdle(documentId),
    });
    // Subscribe before loading: an update relayed meanwhile is merged, never missed.
    this.deps.bus.subscribe(documentId);
    const entry: Entry = { room, projectId, idleTimer: null, ready: room.load().then(() => room) };
    entry.ready.catch(() => {
      this.entries.delete(documentId);
      this.deps.bus.unsubscribe(documentId);
    });
    this.entries.set(documentId, entry);
    return entry.ready;
  }

  /** Attaches a socket to its document. */
  async connect(documentId: string, projectId: string, connection: DocConnection): Promise<DocRoom> {
    const room = await this.open(documentId, projectId);
    room.join(connection);
    return room;
  }

  /** The room of a loaded document, if any (versions apply through it). */
  loadedRoom(documentId: string): DocRoom | undefined {
    return this.entries.get(documentId)?.room;
  }

  /** A document opened without a socket (a restore) is unloaded when idle like any other. */
  releaseIfIdle(documentId: string): void {
    const entry = this.entries.get(documentId);
    if (entry && entry.room.size === 0 && !entry.idleTimer) this.scheduleIdle(documentId);
  }

  /** Access changed on a project: re-check its sockets here and tell the other hubs. */
  accessChanged(projectId: string, userId: string | null): Promise<void> {
    this.deps.bus.publish({ type: 'doc-access', projectId, userId, hubId: this.deps.hubId });
    return this.recheck(projectId, userId);
  }

  /** A document was deleted: its sockets here and on the other hubs close, and it unloads. */
  async documentRemoved(documentId: string): Promise<void> {
    this.deps.bus.publish({ type: 'doc-removed', documentId, hubId: this.deps.hubId });
    await this.drop(documentId);
  }

  /** Unloads every document (hub shutdown), compacting what piled up. */
  async close(): Promise<void> {
    const entries = [...this.entries.entries()];
    this.entries.clear();
    await Promise.allSettled(entries.map(([documentId, entry]) => this.unload(documentId, entry)));
  }

  private async recheck(projectId: string, userId: string | null): Promise<void> {
    for (const entry of this.entries.values()) {
      if (entry.projectId !== projectId) continue;
      const room = await entry.ready.catch(() => null);
      await room?.recheck(userId);
    }
  }

  private handleNotice(notice: YjsBusNotice): void {
    if (notice.type === 'doc-access') {
      void this.recheck(notice.projectId, notice.userId).catch((error: unknown) =>
        this.deps.logger.warn('yjs access re-check failed', { error: String(error) }),
      );
      return;
    }
    if (notice.type === 'doc-removed') {
      void this.drop(notice.documentId);
      return;
    }
    const entry = this.entries.get(notice.documentId);
    if (!entry) return;
    const data = new Uint8Array(Buffer.from(notice.data, 'base64'));
    // Applied at once even while loading: Yjs merges in any order, twice is harmless.
    entry.room.applyRemote(notice.type === 'doc-update' ? 'update' : 'awareness', data);
  }

  /** Closes a deleted document's sockets and forgets it, with nothing left to store. */
  private async drop(documentId: string): Promise<void> {
    const entry = this.entries.get(documentId);
    if (!entry) return;
    this.entries.delete(documentId);
    this.cancelIdle(entry);
    this.deps.bus.unsubscribe(documentId);
    const room = await entry.ready.catch(() => null);
    room?.drop('not-found');
  }

  private scheduleIdle(documentId: string): void {
    const entry = this.entries.get(documentId);
    if (!entry) return;
    this.cancelIdle(entry);
    entry.idleTimer = setTimeout(() => {
      if (entry.room.size > 0 || this.entries.get(documentId) !== entry) return;
      this.entries.delete(documentId);
      void this.unload(documentId, entry);
    }, this.idleUnloadMs);
    entry.idleTimer.unref();
  }

  private cancelIdle(entry: Entry): void {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
  }

  private async unload(documentId: string, entry: Entry): Promise<void> {
    this.cancelIdle(entry);
    this.deps.bus.unsubscribe(documentId);
    await entry.ready.catch(() => null);
    await entry.room.close();
  }
}
