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
      deserialize: (value: unknown) =>
        superjson.deserialize(value as Parameters<typeof superjson.deserialize>[0]),
    },
  };
}

/**
 * The WebSocket encoder: messages carrying a `WireBody` are assembled by concatenation, so a
 * broadcast costs each socket a few string joins instead of a walk over the whole frame.
 */
export const wireEncoder = {
  encode(message: unknown): string {
    const envelope = message as {
      id?: unknown;
      jsonrpc?: unknown;
      result?: { type?: unknown; id?: unknown; data?: unknown };
    };
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
