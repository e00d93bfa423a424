import type { PreSerialized } from '@bianshi/shared';
import { plainWireBody, trackedWireBody } from '../trpc/transformer';

/**
 * A complete WebSocket text frame (RFC 6455 §5.2) around `payload`: FIN, opcode 1, no mask.
 * Server frames are never masked, so one frame's bytes are the same for every socket.
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = 0x81;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** The start of every data message of one subscription: `{"id":…,"result":{"type":"data"`. */
export function subscriptionHead(subscription: {
  id: string | number;
  jsonrpc?: string | undefined;
}): string {
  const jsonrpc =
    subscription.jsonrpc === undefined ? '' : `,"jsonrpc":${JSON.stringify(subscription.jsonrpc)}`;
  return `{"id":${JSON.stringify(subscription.id)}${jsonrpc},"result":{"type":"data"`;
}

/** Framed messages per room frame and subscription head; most sockets share a head (same subscription id). */
const framedMessages = new WeakMap<PreSerialized, Map<string, Buffer>>();
/** Distinct heads cached per frame (beyond this, messages are framed per socket). */
const MAX_HEADS_PER_FRAME = 32;

/** An item a room sends: a tracked (resumable) frame, or a plain one (ticks, timer facts). */
export type RoomItem =
  { kind: 'tracked'; id: string; frame: PreSerialized } | { kind: 'plain'; frame: PreSerialized };

/**
 * The WebSocket frame carrying `item` as the data message of the subscription with `head`, in
 * exactly the form tRPC's encoder gives it (clients cannot tell the paths apart). Built once
 * per room frame and head, and shared by every socket with that head.
 */
export function framedMessage(head: string, item: RoomItem): Buffer {
  let byHead = framedMessages.get(item.frame);
  if (!byHead) framedMessages.set(item.frame, (byHead = new Map()));
  let bytes = byHead.get(head);
  if (!bytes) {
    const message =
      item.kind === 'tracked'
        ? `${head},"id":${JSON.stringify(item.id)},"data":${trackedWireBody(item.id, item.frame).json}}}`
        : `${head},"data":${plainWireBody(item.frame).json}}}`;
    bytes = textFrame(Buffer.from(message, 'utf8'));
    if (byHead.size < MAX_HEADS_PER_FRAME) byHead.set(head, bytes);
  }
  return bytes;
}
