import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  YJS_CLOSE,
  YJS_INVITE_PARAM,
  YJS_LIMITS,
  YJS_MESSAGE,
  YJS_PATH,
  type ProjectRole,
} from '@bianshi/shared';
import * as encoding from 'lib0/encoding';
import { WebSocketServer, type WebSocket } from 'ws';
import { HubError } from '../lib/errors';
import { hashKey } from '../lib/ids';
import type { Logger } from '../lib/logger';
import type { DocConnection } from './doc-room';
import type { DocRegistry } from './doc.registry';
import { NOTICE_MESSAGES } from './messages';
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
  userOf(req: IncomingMessage): Promise<string | null>;
}

/**
 * Serves `/api/yjs/<documentId>` on the hub's HTTP server with the y-websocket protocol. Access
 * is decided before the upgrade (session cookie or `?invite=` token); afterwards every update
 * passes the room's role check, and the socket's message rate is limited.
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
    const documentId = decodeURIComponent(url.pathname.slice(YJS_PATH.length + 1));
    if (!DOCUMENT_ID.test(documentId)) return refuse(socket, 404, 'Not Found');
    const inviteToken = url.searchParams.get(YJS_INVITE_PARAM);
    let access: { projectId: string; role: ProjectRole; userId: string | null };
    try {
      const userId = await deps.userOf(req);
      const { document, role } = await deps.workbench.documentAccess(documentId, { userId, inviteToken });
      access = { projectId: document.projectId, role, userId };
    } catch (error) {
      if (error instanceof HubError)
        return refuse(
          socket,
          error.code === 'NOT_FOUND' ? 404 : error.code === 'UNAUTHORIZED' ? 401 : 403,
          error.code,
        );
      deps.logger.error('yjs upgrade failed', { error: String(error) });
      return refuse(socket, 503, 'Service Unavailable');
    }
    wss.handleUpgrade(req, socket, head, (ws) =>
      attach(ws, documentId, access, inviteToken ? hashKey(inviteToken) : null),
    );
  }

  function attach(
    ws: WebSocket,
    documentId: string,
    access: { projectId: string; role: ProjectRole; userId: string | null },
    inviteHash: string | null,
  ): void {
    ws.binaryType = 'nodebuffer';
    (ws as WebSocket & { alive?: boolean }).alive = true;
    ws.on('pong', () => ((ws as WebSocket & { alive?: boolean }).alive = true));
    const connection: DocConnection = {
      userId: access.userId,
      inviteHash,
      role: access.role,
      send: (message) => {
        if (ws.readyState === ws.OPEN) ws.send(message);
      },
      close: (code, reason) => ws.close(code, reason),
    };
    // Messages that arrive while the document loads wait here, in order.
    const early: Uint8Array[] = [];
    let room: Awaited<ReturnType<DocRegistry['connect']>> | null = null;
    let tokens: number = YJS_LIMITS.messageBurst;
    let at = Date.now();
    ws.on('message', (data: Buffer) => {
      const now = Date.now();
      tokens =
        Math.min(YJS_LIMITS.messageBurst, tokens + ((now - at) / 1000) * YJS_LIMITS.messagesPerSecond) - 1;
      at = now;
      if (tokens < 0) {
        if (ws.readyState === ws.OPEN) {
          const notice = encoding.createEncoder();
          encoding.writeVarUint(notice, YJS_MESSAGE.notice);
          encoding.writeVarString(
            notice,
            JSON.stringify({ code: 'rate-limited', message: NOTICE_MESSAGES['rate-limited'] }),
          );
          ws.send(encoding.toUint8Array(notice));
          ws.close(YJS_CLOSE.rateLimited.code, YJS_CLOSE.rateLimited.reason);
        }
        return;
      }
      const message = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      if (room) room.handleMessage(connection, message);
      else early.push(message);
    });
    ws.on('close', () => room?.leave(connection));
    deps.registry
      .connect(documentId, access.projectId, connection)
      .then((loaded) => {
        if (ws.readyState !== ws.OPEN) {
          loaded.leave(connection);
          return;
        }
        room = loaded;
        for (const message of early.splice(0)) loaded.handleMessage(connection, message);
      })
      .catch((error: unknown) => {
        deps.logger.error('yjs document could not load', { documentId, error: String(error) });
        ws.close(1011, 'load-failed');
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

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
