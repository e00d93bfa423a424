import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE, PROTOCOL_VERSION, REALTIME } from '@bianshi/shared';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { WebSocketServer } from 'ws';
import type { HubServices } from '../services';
import type { AppRouter } from '../trpc/app.router';
import { createContextFactory } from '../trpc/context';
import { wireEncoder } from '../trpc/transformer';

/** Largest inbound WebSocket frame the hub accepts; larger ones close the socket (1009). */
export const WS_MAX_PAYLOAD_BYTES = 64 * 1024;
/** Sustained inbound messages per second one socket may send, and the burst above that. */
export const WS_MESSAGES_PER_SECOND = 30;
export const WS_MESSAGE_BURST = 120;

/**
 * tRPC over WebSocket on `/api/trpc` of the same HTTP server, with the spec's keep-alive
 * (ping after 25 s of quiet, close when no pong within 10 s) and a protocol check at connect.
 */
export function attachWebSocket(server: Server, services: HubServices, router: AppRouter) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD_BYTES });
  const createContext = createContextFactory(services);
  const handler = applyWSSHandler({
    wss,
    router,
    createContext: (opts) => createContext(opts, 'ws'),
    keepAlive: { enabled: true, pingMs: REALTIME.heartbeatMs, pongWaitMs: REALTIME.heartbeatTimeoutMs },
    experimental_encoder: wireEncoder,
  });

  // Flood guard per connection, ahead of tRPC's own message handler.
  wss.on('connection', (socket) => {
    let tokens = WS_MESSAGE_BURST;
    let at = Date.now();
    socket.on('message', (data, isBinary) => {
      if (!isBinary) services.watchSubscriptions.note(socket, data.toString(), services.clock.now());
      const now = Date.now();
      tokens = Math.min(WS_MESSAGE_BURST, tokens + ((now - at) / 1000) * WS_MESSAGES_PER_SECOND);
      at = now;
      tokens -= 1;
      if (tokens < 0 && socket.readyState === socket.OPEN) {
        services.logger.warn('socket flood closed', { messages: WS_MESSAGE_BURST });
        socket.close(CLOSE.rateLimited.code, CLOSE.rateLimited.reason);
      }
    });
  });

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://hub');
    if (url.pathname !== '/api/trpc' && url.pathname !== '/api/trpc/') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const claimed = url.searchParams.get('protocol');
      if (claimed !== null && claimed !== String(PROTOCOL_VERSION)) {
        ws.close(CLOSE.protocolMismatch.code, CLOSE.protocolMismatch.reason);
        return;
      }
      wss.emit('connection', ws, req);
    });
  };
  server.on('upgrade', onUpgrade);

  return {
    wss,
    /** Closes every socket and stops accepting upgrades. */
    async close(): Promise<void> {
      server.off('upgrade', onUpgrade);
      handler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
