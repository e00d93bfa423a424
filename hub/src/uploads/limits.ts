/** What each upload kind accepts: size limit and types (by magic bytes, not by name). */
export const UPLOAD_KINDS = {
  /** The event logo on the display. */
  logo: { maxBytes: 2 * 1024 * 1024, types: ['png', 'jpeg', 'webp', 'svg'] },
  /** The display's background image. */
  background: { maxBytes: 2 * 1024 * 1024, types: ['png', 'jpeg', 'webp'] },
  /** A bell sound, at most {@link MAX_SOUND_DURATION_MS} long. */
  sound: { maxBytes: 1024 * 1024, types: ['mp3', 'ogg', 'wav'] },
} as const;

/** An upload kind. */
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** A file type the hub recognises. */
export type FileType = 'png' | 'jpeg' | 'webp' | 'svg' | 'mp3' | 'ogg' | 'wav';

/** Longest bell sound accepted. */
export const MAX_SOUND_DURATION_MS = 10_000;

/** Content types the client may declare per file type (the bytes decide; this only has to agree). */
export const DECLARED_TYPES: Record<FileType, readonly string[]> = {
  png: ['image/png'],
  jpeg: ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  webp: ['image/webp'],
  svg: ['image/svg+xml'],
  mp3: ['audio/mpeg', 'audio/mp3', 'audio/mpeg3'],
  ogg: ['audio/ogg', 'application/ogg', 'audio/opus', 'audio/vorbis'],
  wav: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
};

/** The file extension and content type files of each type are stored and served with. */
export const STORED_AS: Record<FileType, { ext: string; contentType: string }> = {
  png: { ext: 'png', contentType: 'image/png' },
  jpeg: { ext: 'jpg', contentType: 'image/jpeg' },
  webp: { ext: 'webp', contentType: 'image/webp' },
  svg: { ext: 'svg', contentType: 'image/svg+xml' },
  mp3: { ext: 'mp3', contentType: 'audio/mpeg' },
  ogg: { ext: 'ogg', contentType: 'audio/ogg' },
  wav: { ext: 'wav', contentType: 'audio/wav' },
};

/** Human-readable type names for messages, e.g. `PNG、JPEG、WebP、SVG`. */
export function typeNames(types: readonly FileType[]): string {
  const names: Record<FileType, string> = {
    png: 'PNG',
    jpeg: 'JPEG',
    webp: 'WebP',
    svg: 'SVG',
    mp3: 'MP3',
    ogg: 'OGG',
    wav: 'WAV',
  };
  return types.map((type) => names[type]).join('、');
}

/** `2 MB`, `1 MB`, `512 KB`. */
export function sizeName(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;
}
