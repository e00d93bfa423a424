import { YJS_LIMITS, YJS_MESSAGE } from '@bianshi/shared';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import type * as Y from 'yjs';
import {
  AwarenessGate,
  readAwareness,
  stampIdentity,
  writeAwareness,
  type AwarenessEntry,
  type PresenceIdentity,
} from './awareness-rules';
import { frame } from './frames';

/** Origin of changes that came from another hub (already persisted or checked there, not relayed back). */
export const REMOTE_ORIGIN = Symbol('remote-hub');

/** What the presence of a document needs from its room. */
export interface DocPresenceDependencies {
  now(): number;
  /** Sends one frame to every socket of the room. */
  broadcast(message: Uint8Array): void;
  /** Relays a change made on this hub to the other hubs. */
  publish(update: Uint8Array): void;
}

/**
 * Who is in one loaded document (y-protocols awareness), bounded per socket: a socket speaks
 * only for the client ids it claimed first (at most `awarenessStatesPerSocket`, never one that
 * another socket or hub holds), at most `awarenessPerSecond` messages a second (the latest
 * state waits, never lost), and under the name, colour and role of its account.
 */
export class DocPresence<Socket extends object> {
  readonly awareness: awarenessProtocol.Awareness;
  /** Client id → the socket (or other hub) whose state it is. */
  private readonly claims = new Map<number, Socket | typeof REMOTE_ORIGIN>();
  private readonly gates = new Map<Socket, AwarenessGate>();
  /** Whose each socket is (account or invite): a reconnecting person takes over their own states. */
  private readonly owners = new Map<Socket, string>();

  constructor(
    doc: Y.Doc,
    private readonly deps: DocPresenceDependencies,
  ) {
    this.awareness = new awarenessProtocol.Awareness(doc);
    this.awareness.setLocalState(null);
    this.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const claimant =
          origin === REMOTE_ORIGIN || this.gates.has(origin as Socket) ? (origin as Socket) : null;
        if (claimant) for (const id of [...added, ...updated]) this.claims.set(id, claimant);
        for (const id of removed) this.claims.delete(id);
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, [
          ...added,
          ...updated,
          ...removed,
        ]);
        deps.broadcast(awarenessFrame(update));
        if (origin !== REMOTE_ORIGIN) deps.publish(update);
      },
    );
  }

  /**
   * A socket joined: it may speak from now on, as `identity()`; `owner` names whose it is.
   * Returns who is here already (or null), for it alone.
   */
  join(socket: Socket, owner: string, identity: () => PresenceIdentity): Uint8Array | null {
    this.owners.set(socket, owner);
    this.gates.set(
      socket,
      new AwarenessGate(YJS_LIMITS.awarenessPerSecond, YJS_LIMITS.awarenessBurst, this.deps.now, (entries) =>
        this.apply(socket, entries, identity()),
      ),
    );
    const states = [...this.awareness.getStates().keys()];
    return states.length > 0
      ? awarenessFrame(awarenessProtocol.encodeAwarenessUpdate(this.awareness, states))
      : null;
  }

  /** One awareness update from a socket (size checked by the caller); throws when malformed. */
  handle(socket: Socket, update: Uint8Array): void {
    const entries = readAwareness(update);
    this.gates.get(socket)?.offer(entries);
  }

  /** An awareness update another hub relayed. */
  applyRemote(update: Uint8Array): void {
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE_ORIGIN);
  }

  /** A socket left: its states go. */
  leave(socket: Socket): void {
    this.gates.get(socket)?.stop();
    this.gates.delete(socket);
    this.owners.delete(socket);
    const ids = [...this.claims].filter(([, claimant]) => claimant === socket).map(([id]) => id);
    if (ids.length > 0) awarenessProtocol.removeAwarenessStates(this.awareness, ids, null);
  }

  destroy(): void {
    for (const gate of this.gates.values()) gate.stop();
    this.gates.clear();
    this.awareness.destroy();
  }

  /** Applies the entries the socket may speak for, each stamped with the socket's identity. */
  private apply(socket: Socket, entries: AwarenessEntry[], identity: PresenceIdentity): void {
    if (!this.gates.has(socket)) return;
    let held = [...this.claims.values()].filter((claimant) => claimant === socket).length;
    const allowed: AwarenessEntry[] = [];
    for (const entry of entries) {
      const claimant = this.claims.get(entry.clientId);
      // The same person on a socket the hub has not yet seen close (a reconnect) keeps their states.
      const own =
        claimant === socket ||
        (claimant !== REMOTE_ORIGIN &&
          claimant !== undefined &&
          this.owners.get(claimant) === this.owners.get(socket));
      if (own) allowed.push(stampIdentity(entry, identity));
      else if (
        claimant === undefined &&
        entry.state !== null &&
        entry.clientId !== this.awareness.clientID &&
        held < YJS_LIMITS.awarenessStatesPerSocket
      ) {
        held += 1;
        allowed.push(stampIdentity(entry, identity));
      }
    }
    if (allowed.length > 0)
      awarenessProtocol.applyAwarenessUpdate(this.awareness, writeAwareness(allowed), socket);
  }
}

function awarenessFrame(update: Uint8Array): Uint8Array {
  return frame(YJS_MESSAGE.awareness, (encoder) => encoding.writeVarUint8Array(encoder, update));
}
