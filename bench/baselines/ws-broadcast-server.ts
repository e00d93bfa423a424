/**
 * Baseline (a): a bare `ws` server. Each `trigger` message broadcasts the next payload, as
 * bytes prepared once, to every other socket — the least work a WebSocket fan-out can do.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { readPayloads } from './payloads';

const payloads = readPayloads().map((payload) => Buffer.from(payload));
const server = createServer((_req, res) => res.writeHead(404).end());
const wss = new WebSocketServer({ server, perMessageDeflate: false });
let next = 0;

wss.on('connection', (socket) => {
  socket.send('ready');
  socket.on('message', (data) => {
    if (data.toString() === 'trigger') broadcast(socket);
  });
});

function broadcast(sender: WebSocket): void {
  const frame = payloads[next++ % payloads.length]!;
  for (const client of wss.clients) {
    if (client !== sender && client.readyState === WebSocket.OPEN) client.send(frame, { binary: false });
  }
}

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `ws baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`,
  );
});
process.once('SIGTERM', () => process.exit(0));
