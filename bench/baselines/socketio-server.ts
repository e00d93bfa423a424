/**
 * Baseline (b): socket.io with one room. Each `trigger` event broadcasts the next payload to
 * the room (socket.io encodes a room broadcast once and writes it to every socket).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { readPayloads } from './payloads';

/** Sent as objects, so the bytes on the wire match the hub's frame rather than a re-escaped string. */
const payloads = readPayloads().map((payload) => JSON.parse(payload) as unknown);
const server = createServer();
const io = new Server(server, { transports: ['websocket'], serveClient: false });
const ROOM = 'bench';
let next = 0;

io.on('connection', (socket) => {
  void socket.join(ROOM);
  socket.emit('ready');
  socket.on('trigger', () => {
    socket.to(ROOM).emit('frame', payloads[next++ % payloads.length]);
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(
    `socket.io baseline listening on http://127.0.0.1:${(server.address() as AddressInfo).port}\n`,
  );
});
process.once('SIGTERM', () => process.exit(0));
