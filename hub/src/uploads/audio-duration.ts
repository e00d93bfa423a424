/**
 * Durations of uploaded bell sounds, read from the bytes, without decoding audio.
 *
 * - WAV: exact — the sample frames actually present in the `data` chunk divided by the sample
 *   rate, after every `fmt ` field was checked against the others (see {@link wavDurationMs}).
 * - MP3: exact for CBR and VBR — every MPEG audio frame header is walked and its samples
 *   summed. ID3v2 at the start and ID3v1/APE tags at the end are skipped. If the frames do not
 *   account for (nearly) the whole file, the file is rejected rather than guessed at.
 * - OGG (Vorbis, Opus): the granule position of the last page divided by the sample rate from
 *   the identification header (Opus: 48 kHz minus pre-skip). Other codecs in OGG are rejected.
 *
 * Returns null when the file cannot be parsed; the hub then refuses it ("reject what we
 * cannot measure"), so a 10 s limit can never be bypassed by an odd encoding.
 */
export function audioDurationMs(type: 'wav' | 'mp3' | 'ogg', bytes: Uint8Array): number | null {
  switch (type) {
    case 'wav':
      return wavDurationMs(bytes);
    case 'mp3':
      return mp3DurationMs(bytes);
    case 'ogg':
      return oggDurationMs(bytes);
  }
}

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** WAV encodings a browser plays sample by sample: PCM and IEEE float (plain or WAVE_FORMAT_EXTENSIBLE). */
const WAV_PCM = 1;
const WAV_FLOAT = 3;
const WAV_EXTENSIBLE = 0xfffe;

/**
 * WAV: RIFF chunks; duration = whole sample frames in the data actually present / sample rate.
 * No header field is believed on its own: the encoding must be uncompressed PCM or float,
 * `blockAlign` must equal channels × bytes per sample and `byteRate` must equal sample rate ×
 * `blockAlign` (a player plays by those), and the data counted is what the file contains, never
 * more than its chunk declares. A WAV whose `byteRate` lies is refused, not measured.
 */
export function wavDurationMs(bytes: Uint8Array): number | null {
  if (bytes.length < 12 || ascii(bytes, 0, 4) !== 'RIFF' || ascii(bytes, 8, 4) !== 'WAVE') return null;
  const dv = view(bytes);
  let format: { sampleRate: number; blockAlign: number } | null = null;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = dv.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + size > bytes.length) return null;
      format = wavFormat(dv, body, size);
      if (!format) return null;
    } else if (id === 'data') {
      // Data before its format cannot be played as anything.
      if (!format) return null;
      // A streaming writer may leave the size as 0 or 0xFFFFFFFF: count what is actually there.
      const declared = size === 0 || size === 0xffffffff ? Infinity : size;
      const present = Math.min(declared, bytes.length - body);
      const frames = Math.floor(present / format.blockAlign);
      return Math.round((frames / format.sampleRate) * 1000);
    }
    offset = body + size + (size % 2);
  }
  return null;
}

/** The `fmt ` chunk at `body`, when its fields agree with each other; else null. */
function wavFormat(
  dv: DataView,
  body: number,
  size: number,
): { sampleRate: number; blockAlign: number } | null {
  let encoding = dv.getUint16(body, true);
  const channels = dv.getUint16(body + 2, true);
  const sampleRate = dv.getUint32(body + 4, true);
  const byteRate = dv.getUint32(body + 8, true);
  const blockAlign = dv.getUint16(body + 12, true);
  const bits = dv.getUint16(body + 14, true);
  if (encoding === WAV_EXTENSIBLE) {
    // cbSize (2), valid bits (2), channel mask (4), then the sub-format GUID, whose first 2 bytes are the encoding.
    if (size < 40) return null;
    encoding = dv.getUint16(body + 24, true);
  }
  const validBits = encoding === WAV_PCM ? [8, 16, 24, 32] : encoding === WAV_FLOAT ? [32, 64] : [];
  if (!validBits.includes(bits)) return null;
  if (channels < 1 || channels > 8 || sampleRate < 1_000 || sampleRate > 384_000) return null;
  if (blockAlign !== channels * (bits / 8) || byteRate !== sampleRate * blockAlign) return null;
  return { sampleRate, blockAlign };
}

const MP3_BITRATES_KBPS: Record<string, readonly number[]> = {
  // [version][layer] → index 1..14
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  v2l3: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

interface Mp3Frame {
  length: number;
  samples: number;
  sampleRate: number;
}

/** Parses the MPEG audio frame header at `offset`; null when there is none. */
export function mp3Frame(bytes: Uint8Array, offset: number): Mp3Frame | null {
  if (offset + 4 > bytes.length) return null;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const versionBits = (b1 >> 3) & 0b11; // 3 = MPEG1, 2 = MPEG2, 0 = MPEG2.5, 1 reserved
  const layerBits = (b1 >> 1) & 0b11; // 3 = layer I, 2 = II, 1 = III
  const bitrateIndex = (b2 >> 4) & 0b1111;
  const rateIndex = (b2 >> 2) & 0b11;
  const padding = (b2 >> 1) & 1;
  if (versionBits === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const layer = 4 - layerBits;
  const v = versionBits === 3 ? 'v1' : 'v2';
  const bitrate = (MP3_BITRATES_KBPS[`${v}l${layer}`]?.[bitrateIndex] ?? 0) * 1000;
  const sampleRate = MP3_SAMPLE_RATES[versionBits]?.[rateIndex] ?? 0;
  if (!bitrate || !sampleRate) return null;
  if (layer === 1)
    return { length: (Math.floor((12 * bitrate) / sampleRate) + padding) * 4, samples: 384, sampleRate };
  const samples = layer === 3 && versionBits !== 3 ? 576 : 1152;
  return { length: Math.floor(((samples / 8) * bitrate) / sampleRate) + padding, samples, sampleRate };
}

/** MP3: walks every frame and sums samples; null unless the frames cover the file. */
export function mp3DurationMs(bytes: Uint8Array): number | null {
  let offset = 0;
  if (ascii(bytes, 0, 3) === 'ID3' && bytes.length >= 10) {
    const size =
      (((bytes[6] ?? 0) & 0x7f) << 21) |
      (((bytes[7] ?? 0) & 0x7f) << 14) |
      (((bytes[8] ?? 0) & 0x7f) << 7) |
      ((bytes[9] ?? 0) & 0x7f);
    const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
    offset = 10 + size + footer;
  }
  // Some encoders pad before the first frame: look for it in the next 4 KiB only.
  const searchEnd = Math.min(bytes.length, offset + 4096);
  while (
    offset < searchEnd &&
    !(mp3Frame(bytes, offset) && mp3Frame(bytes, offset + (mp3Frame(bytes, offset)?.length ?? 0)))
  )
    offset += 1;
  let end = bytes.length;
  if (end >= 128 && ascii(bytes, end - 128, 3) === 'TAG') end -= 128;
  let seconds = 0;
  let frames = 0;
  while (offset < end) {
    const frame = mp3Frame(bytes, offset);
    if (!frame || frame.length < 4) break;
    seconds += frame.samples / frame.sampleRate;
    frames += 1;
    offset += frame.length;
  }
  // What the frames did not account for: allow a short trailing tag or a truncated last frame.
  const unaccounted = Math.max(0, end - offset);
  if (frames === 0 || unaccounted > Math.max(2048, 0.02 * end)) return null;
  return Math.round(seconds * 1000);
}

/** OGG: last page's granule position / sample rate (Vorbis or Opus). */
export function oggDurationMs(bytes: Uint8Array): number | null {
  if (bytes.length < 28 || ascii(bytes, 0, 4) !== 'OggS') return null;
  const dv = view(bytes);
  const segments = bytes[26] ?? 0;
  const payload = 27 + segments;
  if (payload + 19 > bytes.length) return null;
  let sampleRate = 0;
  let preSkip = 0;
  if (ascii(bytes, payload, 7) === '\u0001vorbis') {
    sampleRate = dv.getUint32(payload + 12, true);
  } else if (ascii(bytes, payload, 8) === 'OpusHead') {
    sampleRate = 48_000;
    preSkip = dv.getUint16(payload + 10, true);
  } else {
    return null;
  }
  if (sampleRate <= 0) return null;
  // The last page that carries a granule position.
  for (let offset = bytes.length - 27; offset >= 0; offset -= 1) {
    if (bytes[offset] !== 0x4f || ascii(bytes, offset, 4) !== 'OggS') continue;
    const low = dv.getUint32(offset + 6, true);
    const high = dv.getInt32(offset + 10, true);
    if (high === -1 && low === 0xffffffff) continue; // no granule on this page
    const granule = high * 2 ** 32 + low;
    if (granule < 0) return null;
    return Math.round((Math.max(0, granule - preSkip) / sampleRate) * 1000);
  }
  return null;
}
