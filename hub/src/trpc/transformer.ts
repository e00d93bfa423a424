import { createTransformer, PreSerialized } from '@bianshi/shared';

/**
 * A response body already in its wire form: superjson's `{"json": …}` envelope of a room frame.
 * The WebSocket encoder splices it into each socket's message without re-serializing it; any
 * other path (`JSON.stringify`) still gets the right structure through `toJSON`.
 */
export class WireBody {
  constructor(readonly json: string) {}

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** Wire bodies per frame, built once however many sockets receive the frame. */
const plainBodies = new WeakMap<PreSerialized, WireBody>();
const trackedBodies = new WeakMap<PreSerialized, { id: string; body: WireBody }>();

function isTrackedFrame(value: unknown): value is { id: string; data: PreSerialized } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'data' in value &&
    value.data instanceof PreSerialized &&
    'id' in value &&
    typeof value.id === 'string'
  );
}

/** The wire body of a plain (untracked) frame, built once per frame. */
export function plainWireBody(frame: PreSerialized): WireBody {
  let body = plainBodies.get(frame);
  if (!body) plainBodies.set(frame, (body = new WireBody(`{"json":${frame.json}}`)));
  return body;
}

/** The wire body of a tracked frame, built once per frame and id. */
export function trackedWireBody(id: string, frame: PreSerialized): WireBody {
  const cached = trackedBodies.get(frame);
  if (cached?.id === id) return cached.body;
  const body = new WireBody(`{"json":{"id":${JSON.stringify(id)},"data":${frame.json}}}`);
  trackedBodies.set(frame, { id, body });
  return body;
}

/**
 * The hub's transformer: superjson everywhere, except that room frames (plain, or tracked
 * `{id, data}` envelopes around a `PreSerialized`) become `WireBody`s built once per frame.
 * Frames hold plain JSON, so `{"json": …}` with no meta is exactly what superjson would send.
 */
export function createHubTransformer() {
  const superjson = createTransformer();
  return {
    input: superjson,
    output: {
      serialize(value: unknown): unknown {
        if (value instanceof PreSerialized) return plainWireBody(value);
        if (isTrackedFrame(value)) return trackedWireBody(value.id, value.data);
        return superjson.serialize(value);
      },
      deserialize: (value: unknown) => superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]),
    },
  };
}

/**
 * The WebSocket encoder: messages carrying a `WireBody` are assembled by concatenation, so a
 * broadcast costs each socket a few string joins instead of a walk over the whole frame.
 */
export const wireEncoder = {
  encode(message: unknown): string {
    const envelope = message as { id?: unknown; jsonrpc?: unknown; result?: { type?: unknown; id?: unknown; data?: unknown } };
    const result = envelope?.result;
    if (result && result.data instanceof WireBody) {
      const jsonrpc = envelope.jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(envelope.jsonrpc)}`;
      const trackedId = result.id === undefined ? '' : `,"id":${JSON.stringify(result.id)}`;
      return `{"id":${JSON.stringify(envelope.id ?? null)}${jsonrpc},"result":{"type":${JSON.stringify(result.type)}${trackedId},"data":${result.data.json}}}`;
    }
    return JSON.stringify(message);
  },
  decode(data: string | ArrayBuffer | Uint8Array): unknown {
    if (typeof data !== 'string') throw new Error('binary frames are not part of this protocol');
    return JSON.parse(data);
  },
};

/** Encoded messages per frame and message head; most sockets share a head (same subscription id). */
const encodedMessages = new WeakMap<PreSerialized, Map<string, Buffer>>();
/** Distinct heads cached per frame (beyond this, messages are encoded per socket). */
const MAX_HEADS_PER_FRAME = 32;

/**
 * A writer that puts a session's frames straight on its socket, in exactly the form the
 * encoder gives them (so clients cannot tell the two paths apart). The UTF-8 bytes of a
 * message are built once per frame and subscription id, and shared by every such socket.
 */
export function directFrameWriter(send: (data: Buffer) => void, subscription: { id: string | number; jsonrpc?: string }) {
  const jsonrpc = subscription.jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(subscription.jsonrpc)}`;
  const head = `{"id":${JSON.stringify(subscription.id)}${jsonrpc},"result":{"type":"data"`;
  const encode = (frame: PreSerialized, build: () => string): Buffer => {
    let byHead = encodedMessages.get(frame);
    if (!byHead) encodedMessages.set(frame, (byHead = new Map()));
    let bytes = byHead.get(head);
    if (!bytes) {
      bytes = Buffer.from(build(), 'utf8');
      if (byHead.size < MAX_HEADS_PER_FRAME) byHead.set(head, bytes);
    }
    return bytes;
  };
  return {
    write(item: { kind: 'tracked'; id: string; frame: PreSerialized } | { kind: 'plain'; frame: PreSerialized }): void {
      if (item.kind === 'tracked') {
        send(encode(item.frame, () => `${head},"id":${JSON.stringify(item.id)},"data":${trackedWireBody(item.id, item.frame).json}}}`));
      } else {
        send(encode(item.frame, () => `${head},"data":${plainWireBody(item.frame).json}}}`));
      }
    },
  };
}
