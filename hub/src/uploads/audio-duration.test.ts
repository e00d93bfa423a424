import { describe, expect, it } from 'vitest';
import { audioDurationMs, mp3DurationMs, oggDurationMs, wavDurationMs } from './audio-duration';
import { silentMp3, silentOpus, silentWav } from './test-media.fixture';
import { sniffType } from './sniff';

describe('audio durations', () => {
  it.each([500, 3_000, 9_999, 12_000])('reads a %i ms WAV exactly', (ms) => {
    expect(wavDurationMs(silentWav(ms))).toBe(ms);
  });

  it('walks MP3 frames, with and without an ID3 tag', () => {
    expect(mp3DurationMs(silentMp3(3_600))).toBe(3_600);
    expect(mp3DurationMs(silentMp3(11_016, { id3: true }))).toBe(11_016);
  });

  it('refuses an MP3 whose frames do not cover the file', () => {
    const bytes = new Uint8Array(50_000);
    bytes.set(silentMp3(360));
    expect(mp3DurationMs(bytes)).toBeNull();
  });

  it('reads Ogg Opus from the last granule minus pre-skip', () => {
    expect(oggDurationMs(silentOpus(4_000))).toBe(4_000);
    expect(oggDurationMs(silentOpus(15_000))).toBe(15_000);
  });

  it('returns null for truncated or foreign files', () => {
    expect(wavDurationMs(silentWav(1000).subarray(0, 20))).toBeNull();
    expect(oggDurationMs(new TextEncoder().encode('OggS but nothing else here, really'))).toBeNull();
    expect(audioDurationMs('mp3', new Uint8Array([0xff, 0xfb]))).toBeNull();
  });

  it('sniffs each type by its magic bytes', () => {
    expect(sniffType(silentWav(100))).toBe('wav');
    expect(sniffType(silentMp3(100))).toBe('mp3');
    expect(sniffType(silentMp3(100, { id3: true }))).toBe('mp3');
    expect(sniffType(silentOpus(100))).toBe('ogg');
    expect(sniffType(new TextEncoder().encode('<?xml version="1.0"?>\n<!-- x --><svg></svg>'))).toBe('svg');
    expect(sniffType(new TextEncoder().encode('hello'))).toBeNull();
  });
});

/** A copy of a WAV with one little-endian field overwritten. */
function patched(bytes: Uint8Array, offset: number, value: number, width: 2 | 4): Uint8Array {
  const copy = bytes.slice();
  const dv = new DataView(copy.buffer);
  if (width === 2) dv.setUint16(offset, value, true);
  else dv.setUint32(offset, value, true);
  return copy;
}

describe('WAV fields that lie', () => {
  const thirty = silentWav(30_000);

  it.each([
    ['a byteRate ten times the real one', 28, 8000 * 2 * 10, 4],
    ['a byteRate of zero', 28, 0, 4],
    ['a blockAlign that disagrees with channels × bits', 32, 4, 2],
    ['a compressed encoding (ADPCM)', 20, 2, 2],
    ['an absurd sample rate', 24, 50, 4],
  ] as const)('refuses %s', (_name, offset, value, width) => {
    expect(wavDurationMs(patched(thirty, offset, value, width))).toBeNull();
  });

  it('counts the data actually present, not the declared data size', () => {
    // Declares 30 s of data but carries 2 s: 2 s, not 30 s (and not more than present).
    const truncated = patched(thirty.subarray(0, 44 + 2 * 8000 * 2), 40, 30 * 8000 * 2, 4);
    expect(wavDurationMs(truncated)).toBe(2_000);
  });

  it('counts no more than the declared data size when more bytes follow', () => {
    // Declares 1 s of data inside a 30 s file: the player stops after 1 s.
    expect(wavDurationMs(patched(thirty, 40, 8000 * 2, 4))).toBe(1_000);
  });

  it('measures a consistent stereo 44.1 kHz file', () => {
    const stereo = silentWav(1_000, 44_100);
    const fixed = patched(patched(patched(stereo, 22, 2, 2), 32, 4, 2), 28, 44_100 * 4, 4);
    // The same bytes read as stereo frames: half as many frames.
    expect(wavDurationMs(fixed)).toBe(500);
  });
});
