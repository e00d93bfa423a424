import { describe, expect, it } from 'vitest';
import { textFrame } from './ws-frames';

/** Reads an unmasked server frame (RFC 6455 §5.2) back: FIN, opcode and payload. */
function parse(frame: Buffer): { fin: boolean; opcode: number; payload: Buffer } {
  const short = frame[1]! & 0x7f;
  expect(frame[1]! & 0x80).toBe(0); // servers never mask
  const [length, offset] = short === 126 ? [frame.readUInt16BE(2), 4] : short === 127 ? [Number(frame.readBigUInt64BE(2)), 10] : [short, 2];
  expect(frame.length).toBe(offset + length);
  return { fin: (frame[0]! & 0x80) !== 0, opcode: frame[0]! & 0x0f, payload: frame.subarray(offset) };
}

describe('textFrame', () => {
  it.each([0, 125, 126, 65_535, 65_536, 200_000])('frames %i bytes as one final text frame, with the shortest length field', (length) => {
    const payload = Buffer.alloc(length, 'a');
    const frame = textFrame(payload);
    const parsed = parse(frame);
    expect(parsed).toMatchObject({ fin: true, opcode: 1 });
    expect(parsed.payload.equals(payload)).toBe(true);
    expect(frame.length - length).toBe(length < 126 ? 2 : length < 65_536 ? 4 : 10);
  });
});
