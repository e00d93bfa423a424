import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { YJS_INVITE_PARAM, YJS_LIMITS, YJS_PATH, type YjsNoticeCode } from '@bianshi/shared';
import { WebSocketServer, type WebSocket } from 'ws';
import { HubError } from '../lib/errors';
import { hashKey } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { SocketAccount, SocketDirectory } from '../realtime/socket-directory';
import type { DocConnection, DocRoom } from './doc-room';
import type { DocRegistry } from './doc.registry';
import { refuse, type RefusableSocket } from './frames';
import type { CoolingOff } from '../limits/cooling-off';
import type { WorkbenchService } from './workbench.service';

/** Keep-alive: ping after this much quiet, close when no pong came by the next ping. */
const PING_INTERVAL_MS = 30_000;
/** Largest frame: a whole document's sync step 2 must fit. */
const MAX_FRAME_BYTES = YJS_LIMITS.documentBytes + 64 * 1024;
const DOCUMENT_ID = /^[\w-]{1,64}$/;

export interface YjsSocketDependencies {
  workbench: WorkbenchService;
  registry: DocRegistry;
  logger: Logger;
  /** The signed-in account of an upgrade request (session cookie, same-site rules applied). */
  accountOf(req: IncomingMessage): Promise<SocketAccount | null>;
  /** Where the hub keeps its sockets by account, so that a sign-out closes these too. */
  accounts: Pick<SocketDirectory, 'add'>;
  /** Refusals repeated at the door: a socket closed for flooding is not let in again at once. */
  cooling: CoolingOff;
  /** The client address of an upgrade request (behind a trusted proxy, the forwarded one). */
  addressOf(req: IncomingMessage): string;
  /** The session cookie's value of an upgrade request, if any (no look-up). */
  sessionOf(req: IncomingMessage): string | null;
}

/**
 * Refusals that close a socket for how it behaved, and how long its caller then waits at the
 * door: presence too large and malformed messages never come from the product's own client;
 * a message flood does, rarely, and reconnects after its back-off.
 */
const DOOR_COOLING_MS: Partial<Record<YjsNoticeCode, number>> = {
  'awareness-too-large': 3_000,
  'bad-message': 3_000,
  'rate-limited': 1_000,
};

/** Who may open a document socket, decided before it is attached. */
interface SocketAccess {
  projectId: string;
  account: SocketAccount | null;
  inviteHash: string | null;
  role: DocConnection['role'];
  roleUntil: number | null;
  presence: DocConnection['presence'];
}

/**
 * Serves `/api/yjs/<documentId>` on the hub's HTTP server with the y-websocket protocol. Access
 * is decided before the socket is attached (session cookie or `?invite=` token); a refusal is a
 * notice and a 44xx close, never an HTTP status (browsers hide it, and y-websocket retries a
 * failed upgrade for ever). Afterwards every update passes the room's role check, the socket's
 * message rate is limited, and a sign-out anywhere closes it.
 */
export function createYjsSockets(deps: YjsSocketDependencies) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const pinger = setInterval(() => {
    for (const client of wss.clients) {
      const alive = client as WebSocket & { alive?: boolean };
      if (alive.alive === false) {
        client.terminate();
        continue;
      }
      alive.alive = false;
      client.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  async function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): Promise<void> {
    const documentId = safeDecode(url.pathname.slice(YJS_PATH.length + 1));
    if (!DOCUMENT_ID.test(documentId)) return refuseUpgrade(req, socket, head, 'not-found');
    const inviteToken = url.searchParams.get(YJS_INVITE_PARAM);
    // Who the door knows the caller by: its address with its session or invite, without a look-up.
    const address = deps.addressOf(req);
    const doorKey = `yjs:${documentId}|${deps.sessionOf(req) ?? (inviteToken ? `i:${inviteToken}` : 'anonymous')}`;
    const cooled = deps.cooling.watching(address) ? deps.cooling.check(address, doorKey) : null;
    if (cooled) {
      socket.on('error', () => socket.destroy());
      deps.cooling.hold(address, cooled.leftMs, () => {
        if (!socket.destroyed) refuseUpgrade(req, socket, head, cooled.refusal.reason as YjsNoticeCode);
      });
      return;
    }
    const inviteHash = inviteToken ? hashKey(inviteToken) : null;
    let access: SocketAccess;
    try {
      const account = await deps.accountOf(req);
      const userId = account?.userId ?? null;
      const { document, role, until } = await deps.workbench.documentAccess(documentId, {
        userId,
        inviteToken,
      });
      const presence = await deps.workbench.presenceOf(userId, inviteHash);
      access = { projectId: document.projectId, account, inviteHash, role, roleUntil: until, presence };
    } catch (error) {
      if (!(error instanceof HubError)) deps.logger.error('yjs upgrade failed', { error: String(error) });
      return refuseUpgrade(req, socket, head, refusalOf(error));
    }
    wss.handleUpgrade(req, socket, head, (ws) =>
      attach(ws, documentId, access, (code) => {
        const coolingMs = DOOR_COOLING_MS[code];
        if (coolingMs) deps.cooling.refused(address, doorKey, coolingMs, { message: '', reason: code });
      }),
    );
  }

  /** Accepts the upgrade only to refuse on the socket, so that the client learns why and stops. */
  function refuseUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, code: YjsNoticeCode): void {
    wss.handleUpgrade(req, socket, head, (ws) => refuse(target(ws), code));
  }

  function attach(
    ws: WebSocket,
    documentId: string,
    access: SocketAccess,
    closedFor: (code: YjsNoticeCode) => void,
  ): void {
    ws.binaryType = 'nodebuffer';
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => ((ws as WebSocket & { alive?: boolean }).alive = true));
    const connection: DocConnection = {
      userId: access.account?.userId ?? null,
      inviteHash: access.inviteHash,
      role: access.role,
      roleUntil: access.roleUntil,
      presence: access.presence,
      ...target(ws),
      close: (code, reason) => {
        closedFor(reason as YjsNoticeCode);
        target(ws).close(code, reason);
      },
    };
    // Messages that arrive while the document loads wait here, in order.
    const early: Uint8Array[] = [];
    let room: DocRoom | null = null;
    // Signing out (this session, or everywhere; on any hub) ends the socket's standing.
    const forget = access.account
      ? deps.accounts.add(
          {
            close: () => {
              refuse(connection, 'signed-out');
              room?.leave(connection);
            },
          },
          access.account,
        )
      : () => {};
    let tokens: number = YJS_LIMITS.messageBurst;
    let at = Date.now();
    ws.on('message', (data: Buffer) => {
      if (ws.readyState !== ws.OPEN) return;
      const now = Date.now();
      tokens =
        Math.min(YJS_LIMITS.messageBurst, tokens + ((now - at) / 1000) * YJS_LIMITS.messagesPerSecond) - 1;
      at = now;
      if (tokens < 0) {
        refuse(connection, 'rate-limited');
        room?.leave(connection);
        return;
      }
      const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (room) room.handleMessage(connection, message);
      else early.push(message);
    });
    ws.on('close', () => {
      forget();
      room?.leave(connection);
    });
    deps.registry
      .connect(documentId, access.projectId, connection)
      .then((loaded) => {
        if (ws.readyState !== ws.OPEN) {
          loaded.leave(connection);
          deps.registry.releaseIfIdle(documentId);
          return;
        }
        room = loaded;
        for (const message of early.splice(0)) loaded.handleMessage(connection, message);
      })
      .catch((error: unknown) => {
        deps.logger.error('yjs document could not load', { documentId, error: String(error) });
        refuse(connection, 'unavailable');
      });
  }

  return {
    prefix: `${YJS_PATH}/`,
    handle(req: IncomingMessage, socket: Duplex, head: Buffer, url: URL): void {
      void handleUpgrade(req, socket, head, url);
    },
    async close(): Promise<void> {
      clearInterval(pinger);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** What a refusal and a room need of a `ws` socket. */
function target(ws: WebSocket): RefusableSocket {
  return {
    send: (message) => {
      if (ws.readyState === ws.OPEN) ws.send(message);
    },
    close: (code, reason) => {
      if (ws.readyState === ws.OPEN) ws.close(code, reason);
    },
  };
}

/** The refusal of an access error: no credential, the wrong one, no such document, or the hub's own trouble. */
function refusalOf(error: unknown): YjsNoticeCode {
  if (!(error instanceof HubError)) return 'unavailable';
  if (error.code === 'NOT_FOUND') return 'not-found';
  if (error.reason === 'invite-expired') return 'invite-expired';
  return error.code === 'UNAUTHORIZED' ? 'sign-in-required' : 'no-access';
}

/** A path segment decoded, or '' when it is not valid percent-encoding. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}
