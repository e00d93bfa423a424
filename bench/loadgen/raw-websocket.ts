/**
 * A minimal RFC 6455 WebSocket client on a raw `node:net` socket, for the load generator's
 * thousands of subscribers: no event emitter, no stream machinery, no UTF-8 decoding. Reads
 * land in one buffer shared by every socket (`onread`), frames are parsed in place, and each
 * message goes to one callback as a view of that buffer, with the chunk's receipt instant
 * taken before any parsing. Plain `ws:` URLs only, no extensions.
 */
import { createHash, randomBytes, randomFillSync } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawWebSocketHandlers {
  /** The handshake succeeded; sending is possible from here on. */
  open(): void;
  /**
   * One whole message (text or binary). `data` is only valid during the call: it usually views
   * the shared read buffer, which the next read overwrites — copy what must be kept.
   * `at` is `performance.now()` at the receipt of the TCP chunk that completed it.
   */
  message(data: Buffer, at: number): void;
  /**
   * The connection ended without `close()` being called: the server's close code, `1006` for
   * a connection dropped without a close frame, or `error: …`. Called at most once.
   */
  close(reason: string): void;
}

/** The GUID RFC 6455 appends to the key to derive `Sec-WebSocket-Accept`. */
const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
/** Frame opcodes. */
const CONTINUATION = 0x0;
const TEXT = 0x1;
const BINARY = 0x2;
const CLOSE = 0x8;
const PING = 0x9;
const PONG = 0xa;
/** Connection states. */
const CONNECTING = 0;
const OPEN = 1;
const CLOSED = 2;
/** Largest frame or message accepted: the bench's payloads are a few hundred bytes. */
const MAX_MESSAGE_BYTES = 16 * 2 ** 20;
/** The longest header of a server frame: 2 bytes and a 64-bit length, no mask. */
const MAX_HEADER_BYTES = 10;
/** Largest handshake response accepted. */
const MAX_HANDSHAKE_BYTES = 16 * 1024;
const HEADER_END = Buffer.from('\r\n\r\n');
/**
 * Every socket reads into this one buffer: reads are handled one at a time, synchronously,
 * so no socket's bytes are overwritten before they are parsed (or copied, when a frame is
 * split across reads).
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export class RawWebSocket {
  private readonly socket: Socket;
  private readonly key = randomBytes(16).toString('base64');
  private state: typeof CONNECTING | typeof OPEN | typeof CLOSED = CONNECTING;
  /** The handshake response received so far (an own copy). */
  private response: Buffer | null = null;
  /** An incomplete frame carried over to the next read (an own copy), and its filled bytes. */
  private carry: Buffer | null = null;
  private carried = 0;
  /** The fragments of a message sent in several frames, copied as they come. */
  private fragments: Buffer[] | null = null;
  private fragmentBytes = 0;

  /** Connects to `url` (`ws://host[:port]/path?query`), sending `headers` with the upgrade request. */
  constructor(
    url: string,
    private readonly handlers: RawWebSocketHandlers,
    headers: Record<string, string> = {},
  ) {
    const target = new URL(url);
    if (target.protocol !== 'ws:') throw new Error(`RawWebSocket: only ws: URLs are supported, not ${url}`);
    this.socket = connect({
      host: target.hostname.replace(/^\[|\]$/g, ''),
      port: Number(target.port || 80),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (bytes) => {
          this.onRead(bytes);
          return true;
        },
      },
    });
    const request = [
      `GET ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${this.key}`,
      'Sec-WebSocket-Version: 13',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      '',
      '',
    ].join('\r\n');
    this.socket.write(request, 'latin1');
    this.socket.on('error', (error) => this.end(`error: ${error.message}`));
    this.socket.on('close', () => this.end('1006'));
  }

  /** Sends a text message (binary with `binary`); ignored once the connection has ended. */
  send(data: string | Buffer, binary = false): void {
    if (this.state === CONNECTING) throw new Error('RawWebSocket: send before open');
    if (this.state === OPEN) this.socket.write(maskedFrame(binary ? BINARY : TEXT, data));
  }

  /** Drops the connection at once (like `ws`'s `terminate()`); no handler is called after this. */
  close(): void {
    if (this.state === CLOSED) return;
    this.state = CLOSED;
    this.socket.destroy();
  }

  /** Ends the connection and tells the handlers why, once. */
  private end(reason: string): void {
    if (this.state === CLOSED) return;
    this.close();
    this.handlers.close(reason);
  }

  /** `bytes` new bytes at the start of READ_BUFFER. */
  private onRead(bytes: number): void {
    const at = performance.now();
    if (this.state === OPEN) {
      let offset = 0;
      if (this.carry) {
        offset = this.fillCarry(READ_BUFFER, bytes, at);
        if (offset < 0) return;
      }
      this.frames(READ_BUFFER, offset, bytes, at);
    } else if (this.state === CONNECTING) {
      this.handshake(READ_BUFFER.subarray(0, bytes), at);
    }
  }

  /** Collects the `101` response, checks it, and parses whatever frames follow it. */
  private handshake(chunk: Buffer, at: number): void {
    const response = this.response ? Buffer.concat([this.response, chunk]) : Buffer.from(chunk);
    const headerEnd = response.indexOf(HEADER_END);
    if (headerEnd < 0) {
      if (response.length > MAX_HANDSHAKE_BYTES) this.end('error: handshake response too large');
      else this.response = response;
      return;
    }
    this.response = null;
    const [statusLine = '', ...lines] = response.toString('latin1', 0, headerEnd).split('\r\n');
    const status = /^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1];
    if (status !== '101') {
      this.end(`error: Unexpected server response: ${status ?? statusLine.slice(0, 100)}`);
      return;
    }
    const fields = new Map<string, string>();
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    }
    const accept = createHash('sha1')
      .update(this.key + ACCEPT_GUID)
      .digest('base64');
    const problem =
      fields.get('upgrade')?.toLowerCase() !== 'websocket'
        ? 'Invalid Upgrade header'
        : !/\bupgrade\b/i.test(fields.get('connection') ?? '')
          ? 'Invalid Connection header'
          : fields.get('sec-websocket-accept') !== accept
            ? 'Invalid Sec-WebSocket-Accept header'
            : fields.has('sec-websocket-extensions')
              ? 'Server sent an extension that was not offered'
              : null;
    if (problem) {
      this.end(`error: ${problem}`);
      return;
    }
    this.state = OPEN;
    this.handlers.open();
    if (this.state === OPEN) this.frames(response, headerEnd + HEADER_END.length, response.length, at);
  }

  /** Handles the whole frames in `data[offset, end)` and carries over an incomplete last one. */
  private frames(data: Buffer, offset: number, end: number, at: number): void {
    while (offset < end) {
      const size = frameSize(data, offset, end);
      if (size < 0 || size > end - offset) break;
      this.frame(data, offset, size, at);
      if (this.state !== OPEN) return;
      offset += size;
    }
    if (offset === end) return;
    const size = frameSize(data, offset, end);
    if (size > MAX_MESSAGE_BYTES) {
      this.fail(`frame of ${size} bytes`);
      return;
    }
    this.carry = Buffer.allocUnsafe(Math.max(size, end - offset, MAX_HEADER_BYTES));
    this.carried = data.copy(this.carry, 0, offset, end);
  }

  /**
   * Tops the carried frame up from `data[0, end)`. Returns how many bytes it took once the
   * frame is whole (and handled), or -1 when it took them all and the frame is still short
   * (or the connection ended).
   */
  private fillCarry(data: Buffer, end: number, at: number): number {
    let taken = 0;
    for (;;) {
      let carry = this.carry!;
      // Take the header first (it says how long the frame is), then exactly the rest of the frame.
      const header = this.carried < 2 ? 2 : headerBytes(carry[1]!);
      const want = this.carried < header ? header : frameSize(carry, 0, this.carried);
      if (want > MAX_MESSAGE_BYTES) {
        this.fail(`frame of ${want} bytes`);
        return -1;
      }
      if (want > carry.length) {
        carry = Buffer.allocUnsafe(want);
        this.carry!.copy(carry, 0, 0, this.carried);
        this.carry = carry;
      }
      const copied = data.copy(carry, this.carried, taken, Math.min(end, taken + want - this.carried));
      this.carried += copied;
      taken += copied;
      if (this.carried >= header && this.carried === frameSize(carry, 0, this.carried)) {
        this.carry = null;
        this.carried = 0;
        this.frame(carry, 0, want, at);
        return this.state === OPEN ? taken : -1;
      }
      if (taken === end) return -1;
    }
  }

  /** Handles the whole frame of `size` bytes at `data[offset]`. */
  private frame(data: Buffer, offset: number, size: number, at: number): void {
    const first = data[offset]!;
    const second = data[offset + 1]!;
    const fin = (first & 0x80) !== 0;
    const opcode = first & 0x0f;
    if (first & 0x70) return this.fail('RSV bits set without an extension');
    if (second & 0x80) return this.fail('masked server frame');
    const payload = data.subarray(offset + headerBytes(second), offset + size);
    switch (opcode) {
      case TEXT:
      case BINARY:
        if (this.fragments) return this.fail('new message inside a fragmented one');
        if (fin) {
          this.handlers.message(payload, at);
        } else {
          this.fragments = [Buffer.from(payload)];
          this.fragmentBytes = payload.length;
        }
        return;
      case CONTINUATION: {
        if (!this.fragments) return this.fail('continuation frame outside a fragmented message');
        this.fragmentBytes += payload.length;
        if (this.fragmentBytes > MAX_MESSAGE_BYTES) return this.fail('message too large');
        this.fragments.push(Buffer.from(payload));
        if (!fin) return;
        const message = Buffer.concat(this.fragments, this.fragmentBytes);
        this.fragments = null;
        this.fragmentBytes = 0;
        this.handlers.message(message, at);
        return;
      }
      case CLOSE:
      case PING:
      case PONG:
        if (!fin || payload.length > 125) return this.fail('fragmented or oversized control frame');
        if (opcode === PING) {
          this.socket.write(maskedFrame(PONG, payload));
        } else if (opcode === CLOSE) {
          const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          // Echo the close (RFC 6455 §5.5.1) and let the server drop the connection.
          this.socket.end(maskedFrame(CLOSE, payload.subarray(0, 2)));
          this.state = CLOSED;
          this.handlers.close(String(code));
        }
        return;
      default:
        return this.fail(`unknown opcode ${opcode}`);
    }
  }

  /** Ends the connection on a protocol violation by the server. */
  private fail(problem: string): void {
    this.end(`error: ${problem}`);
  }
}

/** A server frame's header length, from its second byte. */
function headerBytes(second: number): number {
  const length = second & 0x7f;
  return length < 126 ? 2 : length === 126 ? 4 : 10;
}

/** The size of the server frame at `data[offset]`, or -1 if `data[offset, end)` does not hold its header. */
function frameSize(data: Buffer, offset: number, end: number): number {
  if (end - offset < 2) return -1;
  const second = data[offset + 1]!;
  const length = second & 0x7f;
  if (length < 126) return 2 + length;
  if (length === 126) return end - offset < 4 ? -1 : 4 + data.readUInt16BE(offset + 2);
  return end - offset < 10
    ? -1
    : 10 + data.readUInt32BE(offset + 2) * 2 ** 32 + data.readUInt32BE(offset + 6);
}

/** A client frame (FIN set), masked with a random key as RFC 6455 requires. */
function maskedFrame(opcode: number, data: string | Buffer): Buffer {
  const length = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  const header = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + 4 + length);
  frame[0] = 0x80 | opcode;
  if (length < 126) {
    frame[1] = 0x80 | length;
  } else if (length < 65_536) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  randomFillSync(frame, header, 4);
  const start = header + 4;
  if (typeof data === 'string') frame.write(data, start);
  else data.copy(frame, start);
  for (let i = 0; i < length; i++) frame[start + i] = frame[start + i]! ^ frame[header + (i & 3)]!;
  return frame;
}
