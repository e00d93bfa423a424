/**
 * Baseline for the Yjs scenario: a bare `@y/websocket-server` 0.1.1 (the y-websocket reference
 * server, in memory, no access checks, no persistence) on its own HTTP server.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupWSConnection } from '@y/websocket-server/utils';
import { WebSocketServer } from 'ws';

const server = createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
wss.on('connection', (socket, req) =>
  (setupWSConnection as (socket: unknown, req: unknown) => void)(socket, req),
);

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `y-websocket baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`,
  );
});
process.once('SIGTERM', () => process.exit(0));
