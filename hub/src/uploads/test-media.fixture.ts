/**
 * Tiny synthetic media files for tests: real headers and framing, silent content. Not used at
 * run time.
 */

/** A PNG signature and IHDR (enough for magic-byte checks; not a decodable image). */
export function fakePng(extraBytes = 64): Uint8Array {
  const bytes = new Uint8Array(33 + extraBytes);
  bytes.set([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
    1, 8, 6, 0, 0, 0,
  ]);
  return bytes;
}

/** A real 1×1 transparent PNG. */
export const ONE_PIXEL_PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/** A PCM WAV of `durationMs` of silence (mono, 8 kHz, 16-bit). */
export function silentWav(durationMs: number, sampleRate = 8000): Uint8Array {
  const dataBytes = Math.round((durationMs / 1000) * sampleRate) * 2;
  const bytes = new Uint8Array(44 + dataBytes);
  const dv = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) =>
    [...text].forEach((c, i) => dv.setUint8(offset + i, c.charCodeAt(0)));
  ascii(0, 'RIFF');
  dv.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  dv.setUint32(16, 16, true);
  dv.setUint16(20, 1, true); // PCM
  dv.setUint16(22, 1, true); // mono
  dv.setUint32(24, sampleRate, true);
  dv.setUint32(28, sampleRate * 2, true); // byte rate
  dv.setUint16(32, 2, true);
  dv.setUint16(34, 16, true);
  ascii(36, 'data');
  dv.setUint32(40, dataBytes, true);
  return bytes;
}

/** An MP3 of MPEG-1 Layer III frames (32 kbps, 32 kHz, 144 bytes, 36 ms each), optionally behind an ID3v2 tag. */
export function silentMp3(durationMs: number, options: { id3?: boolean } = {}): Uint8Array {
  const frameLength = 144; // 144 * 32000 / 32000
  const frames = Math.ceil(durationMs / 36);
  const id3 = options.id3 ? 10 + 20 : 0;
  const bytes = new Uint8Array(id3 + frames * frameLength);
  if (options.id3) bytes.set([0x49, 0x44, 0x33, 3, 0, 0, 0, 0, 0, 20]);
  for (let i = 0; i < frames; i += 1) bytes.set([0xff, 0xfb, 0x18, 0xc4], id3 + i * frameLength);
  return bytes;
}

/** An Ogg Opus stream skeleton: OpusHead page, then a last page whose granule gives `durationMs`. */
export function silentOpus(durationMs: number): Uint8Array {
  const page = (granule: number, payload: number[]) => {
    const header = new Uint8Array(27 + 1 + payload.length);
    const dv = new DataView(header.buffer);
    header.set([0x4f, 0x67, 0x67, 0x53, 0, 0]);
    dv.setUint32(6, granule % 2 ** 32, true);
    dv.setUint32(10, Math.floor(granule / 2 ** 32), true);
    header[26] = 1;
    header[27] = payload.length;
    header.set(payload, 28);
    return header;
  };
  const head = [...'OpusHead']
    .map((c) => c.charCodeAt(0))
    .concat([1, 1, 0x38, 0x01, 0x80, 0xbb, 0, 0, 0, 0, 0]);
  const first = page(0, head);
  const last = page(312 + Math.round((durationMs / 1000) * 48_000), [0, 0, 0, 0]);
  const bytes = new Uint8Array(first.length + last.length);
  bytes.set(first);
  bytes.set(last, first.length);
  return bytes;
}

/** Text as bytes. */
export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}
