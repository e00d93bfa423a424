import { audioDurationMs } from './audio-duration';
import {
  DECLARED_TYPES,
  MAX_SOUND_DURATION_MS,
  STORED_AS,
  UPLOAD_KINDS,
  sizeName,
  typeNames,
  type FileType,
  type UploadKind,
} from './limits';
import { UM } from './messages';
import { UploadError } from './upload-error';
import { sniffType } from './sniff';
import { SvgRejected, sanitizeSvg } from './svg-sanitizer';

/** A file that passed every check, ready to store. */
export interface AcceptedFile {
  type: FileType;
  ext: string;
  contentType: string;
  bytes: Uint8Array;
  /** Sounds only. */
  durationMs?: number;
}

/** Whether `kind` is an upload kind. */
export function isUploadKind(kind: string): kind is UploadKind {
  return Object.hasOwn(UPLOAD_KINDS, kind);
}

/** Throws 413 when a declared length is over the kind's limit (before reading the body). */
export function checkDeclaredSize(kind: UploadKind, contentLength: number | null): void {
  const { maxBytes } = UPLOAD_KINDS[kind];
  if (contentLength !== null && contentLength > maxBytes)
    throw new UploadError(413, UM.tooLarge(sizeName(maxBytes)), 'too-large', { maxBytes });
}

/**
 * Checks an uploaded file of `kind`: the declared content type must be one the kind accepts
 * (415), the bytes must be that type by their magic numbers (415), at most the size limit
 * (413); SVG is sanitized, sounds must be measurable and at most 10 s (400).
 */
export function validateUpload(kind: UploadKind, declaredType: string, bytes: Uint8Array): AcceptedFile {
  const spec = UPLOAD_KINDS[kind];
  const allowed: readonly FileType[] = spec.types;
  const names = typeNames(allowed);
  if (bytes.length > spec.maxBytes)
    throw new UploadError(413, UM.tooLarge(sizeName(spec.maxBytes)), 'too-large', {
      maxBytes: spec.maxBytes,
    });
  const declared = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  const declaredAs = allowed.find((type) => DECLARED_TYPES[type].includes(declared));
  if (!declaredAs) throw unsupported(names);
  if (bytes.length === 0) throw new UploadError(400, UM.empty, 'empty');
  const sniffed = sniffType(bytes);
  if (!sniffed || !allowed.includes(sniffed))
    throw new UploadError(415, UM.contentMismatch(names), 'content-mismatch');
  const stored = STORED_AS[sniffed];
  if (sniffed === 'svg') {
    try {
      const clean = sanitizeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
      return { type: sniffed, ...stored, bytes: new TextEncoder().encode(clean) };
    } catch (error) {
      const why = error instanceof SvgRejected ? error.message : '不是有效的 UTF-8 文本';
      throw new UploadError(415, UM.svgInvalid(why), 'svg-rejected');
    }
  }
  if (sniffed === 'mp3' || sniffed === 'ogg' || sniffed === 'wav') {
    const durationMs = audioDurationMs(sniffed, bytes);
    if (durationMs === null) throw new UploadError(415, UM.audioUnreadable, 'audio-unreadable');
    if (durationMs > MAX_SOUND_DURATION_MS) {
      throw new UploadError(
        400,
        UM.audioTooLong(MAX_SOUND_DURATION_MS / 1000, (durationMs / 1000).toFixed(1)),
        'audio-too-long',
        { durationMs },
      );
    }
    return { type: sniffed, ...stored, bytes, durationMs };
  }
  return { type: sniffed, ...stored, bytes };
}

function unsupported(names: string): UploadError {
  return new UploadError(415, UM.unsupportedType(names), 'unsupported-type');
}
