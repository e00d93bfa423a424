import { newId } from '../lib/ids';
import { mediaKindOf, type FileKind, type FileStorage } from './file-storage';
import { UPLOAD_KINDS, type UploadKind } from './limits';

/** Timer ids and stored file names as they may appear in an upload URL. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const STORED_FILE = /^([A-Za-z0-9_-]{8,64})\.(png|jpg|webp|svg|mp3|ogg|wav)$/;

const MEDIA_KINDS = Object.keys(UPLOAD_KINDS) as UploadKind[];

/** Where a stored upload is served: `/uploads/<timerId>/<kind>-<random>.<ext>`. */
export interface StoredFile {
  url: string;
}

/**
 * A timer's uploaded media (logos, backgrounds, bell sounds), in the hub's {@link FileStorage}
 * (local disk or Supabase Storage) under `<timerId>/<kind>-<random>.<ext>`. Names are random
 * (never the client's), so paths cannot be guessed from or steered by user input. The hub serves
 * every file at the same URL whatever the storage, with its own safe headers.
 */
export class UploadStore {
  constructor(readonly storage: FileStorage) {}

  /** Writes a file for a timer and returns where it is served. */
  async save(
    timerId: string,
    kind: UploadKind,
    file: { ext: string; contentType: string; bytes: Uint8Array },
  ): Promise<StoredFile> {
    if (!SAFE_SEGMENT.test(timerId)) throw new Error('unsafe timer id');
    const { ext, contentType, bytes } = file;
    const name = `${kind}-${newId()}.${ext}`;
    await this.storage.put(kind, `${timerId}/${name}`, bytes, contentType);
    return { url: `/uploads/${timerId}/${name}` };
  }

  /** How many files a timer keeps (custom logos, backgrounds, bells: the plan limits them). */
  async count(timerId: string): Promise<number> {
    return (await this.list(timerId)).length;
  }

  /** Reads a stored file by its URL path; null when the path is not one of ours or the file is gone. */
  async read(urlPath: string): Promise<{ bytes: Buffer; ext: string } | null> {
    const file = locate(urlPath);
    if (!file) return null;
    const bytes = await this.storage.get(file.kind, file.path);
    return bytes ? { bytes, ext: file.ext } : null;
  }

  /** Whether a URL path names a stored file of this timer. */
  async exists(timerId: string, urlPath: string): Promise<boolean> {
    const file = locate(urlPath);
    if (!file || file.timerId !== timerId) return false;
    return (await this.storage.list(file.kind, timerId)).some((stored) => stored.name === file.name);
  }

  /** The stored files of a timer, with their sizes and modification times. */
  async list(timerId: string): Promise<{ url: string; bytes: number; modifiedMs: number }[]> {
    if (!SAFE_SEGMENT.test(timerId)) return [];
    const kinds = await Promise.all(MEDIA_KINDS.map((kind) => this.storage.list(kind, timerId)));
    return kinds
      .flat()
      .filter((file) => STORED_FILE.test(file.name))
      .map((file) => ({
        url: `/uploads/${timerId}/${file.name}`,
        bytes: file.bytes,
        modifiedMs: file.modifiedMs,
      }));
  }

  /** Timer ids that have stored media. */
  async timerIds(): Promise<string[]> {
    const folders = await Promise.all(MEDIA_KINDS.map((kind) => this.storage.folders(kind)));
    return [...new Set(folders.flat())].filter((id) => SAFE_SEGMENT.test(id));
  }

  /** Deletes one stored file by its URL path (gone already is fine). */
  async remove(urlPath: string): Promise<void> {
    const file = locate(urlPath);
    if (file) await this.storage.remove(file.kind, [file.path]);
  }

  /** Deletes every file of a timer. */
  async removeTimer(timerId: string): Promise<void> {
    if (!SAFE_SEGMENT.test(timerId)) return;
    await Promise.all(
      MEDIA_KINDS.map(async (kind) => {
        const names = (await this.storage.list(kind, timerId)).map((file) => `${timerId}/${file.name}`);
        if (names.length > 0) await this.storage.remove(kind, names);
      }),
    );
  }
}

/** The stored file an upload URL names, or null when it is not one of ours. */
function locate(
  urlPath: string,
): { timerId: string; name: string; path: string; kind: FileKind; ext: string } | null {
  const [empty, uploads, timerId, name, ...rest] = urlPath.split('/');
  if (
    empty !== '' ||
    uploads !== 'uploads' ||
    rest.length > 0 ||
    !timerId ||
    !name ||
    !SAFE_SEGMENT.test(timerId)
  )
    return null;
  const match = STORED_FILE.exec(name);
  if (!match) return null;
  const kind = mediaKindOf(name);
  return { timerId, name, path: `${timerId}/${name}`, kind, ext: match[2] ?? '' };
}
