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
