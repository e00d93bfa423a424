import { describe, expect, it } from 'vitest';
import * as wsModule from 'ws';

/** `ws`'s frame parser (exported at run time, not in its types). */
interface FrameReceiver {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  write(chunk: Buffer): void;
}
const { Receiver } = wsModule as unknown as {
  Receiver: new (options: { isServer: boolean; maxPayload: number }) => FrameReceiver;
};
import { textFrame } from './ws-frames';

/** Reads an unmasked server frame (RFC 6455 §5.2) back: FIN, opcode and payload. */
function parse(frame: Buffer): { fin: boolean; opcode: number; payload: Buffer } {
  const short = frame[1]! & 0x7f;
  expect(frame[1]! & 0x80).toBe(0); // servers never mask
  const [length, offset] =
    short === 126
      ? [frame.readUInt16BE(2), 4]
      : short === 127
        ? [Number(frame.readBigUInt64BE(2)), 10]
        : [short, 2];
  expect(frame.length).toBe(offset + length);
  return { fin: (frame[0]! & 0x80) !== 0, opcode: frame[0]! & 0x0f, payload: frame.subarray(offset) };
}

/** What `ws`'s own client-side parser reads from the bytes: the independent check. */
function received(frame: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const receiver = new Receiver({ isServer: false, maxPayload: 0 });
    receiver.on('message', (data: Buffer) => resolve(data));
    receiver.on('error', reject);
    receiver.write(frame);
  });
}

/** Every boundary of the 7-, 16- and 64-bit length fields, and both sides of each. */
const LENGTHS = [0, 1, 124, 125, 126, 127, 65_534, 65_535, 65_536, 65_537, 200_000];

describe('textFrame', () => {
  it.each(LENGTHS)(
    'frames %i bytes as one final text frame, with the shortest length field',
    async (length) => {
      const payload = Buffer.alloc(length, 'a');
      const frame = textFrame(payload);
      const parsed = parse(frame);
      expect(parsed).toMatchObject({ fin: true, opcode: 1 });
      expect(parsed.payload.equals(payload)).toBe(true);
      expect(frame.length - length).toBe(length < 126 ? 2 : length < 65_536 ? 4 : 10);
      expect((await received(frame)).equals(payload)).toBe(true);
    },
  );

  it.each([
    [125, [0x81, 125]],
    [126, [0x81, 126, 0x00, 0x7e]],
    [65_535, [0x81, 126, 0xff, 0xff]],
    [65_536, [0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00]],
  ])('writes the exact header for %i bytes', (length, header) => {
    expect([...textFrame(Buffer.alloc(length, 'b')).subarray(0, header.length)]).toEqual(header);
  });

  it('keeps multi-byte UTF-8 whole across the 16-bit boundary', async () => {
    // 21 845 three-byte characters: 65 535 bytes; one more ASCII byte crosses into the 64-bit field.
    const text = '时'.repeat(21_845) + 'x';
    const frame = textFrame(Buffer.from(text, 'utf8'));
    expect(frame[1]).toBe(127);
    expect((await received(frame)).toString('utf8')).toBe(text);
  });
});
