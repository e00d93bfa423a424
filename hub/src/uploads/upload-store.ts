import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { newId } from '../lib/ids';

/** Timer ids and stored file names as they may appear in an upload URL. */
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;
const STORED_FILE = /^([A-Za-z0-9_-]{8,64})\.(png|jpg|webp|svg|mp3|ogg|wav)$/;

/** Where a stored upload lives, as a URL path and on disk. */
export interface StoredFile {
  /** `/uploads/<timerId>/<name>.<ext>` */
  url: string;
  path: string;
}

/**
 * Uploaded files on local disk under `${DATA_DIR}/uploads/<timerId>/<random>.<ext>`. Names are
 * random (never the client's), so paths cannot be guessed from or steered by user input.
 * With the in-memory database (`DATA_DIR=memory://`) files go to the system temp directory.
 */
export class UploadStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = dataDir === 'memory://' ? join(tmpdir(), `bianshi-uploads-${process.pid}`) : resolve(dataDir, 'uploads');
  }

  /** Writes a file for a timer and returns where it is. */
  async save(timerId: string, ext: string, bytes: Uint8Array): Promise<StoredFile> {
    if (!SAFE_SEGMENT.test(timerId)) throw new Error('unsafe timer id');
    const name = `${newId()}.${ext}`;
    const directory = join(this.root, timerId);
    await mkdir(directory, { recursive: true });
    const path = join(directory, name);
    await writeFile(path, bytes);
    return { url: `/uploads/${timerId}/${name}`, path };
  }

  /** How many files a timer keeps (custom logos, backgrounds, bells: the plan limits them). */
  async count(timerId: string): Promise<number> {
    if (!SAFE_SEGMENT.test(timerId)) return 0;
    return readdir(join(this.root, timerId)).then(
      (names) => names.length,
      () => 0,
    );
  }

  /** Reads a stored file by its URL path; null when the path is not one of ours or the file is gone. */
  async read(urlPath: string): Promise<{ bytes: Buffer; ext: string } | null> {
    const file = this.locate(urlPath);
    if (!file) return null;
    try {
      return { bytes: await readFile(file.path), ext: file.ext };
    } catch {
      return null;
    }
  }

  /** Whether a URL path names a stored file of this timer. */
  async exists(timerId: string, urlPath: string): Promise<boolean> {
    const file = this.locate(urlPath);
    if (!file || file.timerId !== timerId) return false;
    return stat(file.path).then(
      (info) => info.isFile(),
      () => false,
    );
  }

  /** The stored files of a timer, with their sizes and modification times. */
  async list(timerId: string): Promise<{ url: string; bytes: number; modifiedMs: number }[]> {
    if (!SAFE_SEGMENT.test(timerId)) return [];
    const directory = join(this.root, timerId);
    const names = await readdir(directory).catch(() => [] as string[]);
    const files: { url: string; bytes: number; modifiedMs: number }[] = [];
    for (const name of names) {
      if (!STORED_FILE.test(name)) continue;
      const info = await stat(join(directory, name)).catch(() => null);
      if (info?.isFile()) files.push({ url: `/uploads/${timerId}/${name}`, bytes: info.size, modifiedMs: info.mtimeMs });
    }
    return files;
  }

  /** Timer ids that have an upload directory. */
  async timerIds(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isDirectory() && SAFE_SEGMENT.test(entry.name)).map((entry) => entry.name);
  }

  /** Deletes one stored file by its URL path (gone already is fine). */
  async remove(urlPath: string): Promise<void> {
    const file = this.locate(urlPath);
    if (file) await rm(file.path, { force: true });
  }

  /** Deletes every file of a timer. */
  async removeTimer(timerId: string): Promise<void> {
    if (SAFE_SEGMENT.test(timerId)) await rm(join(this.root, timerId), { recursive: true, force: true });
  }

  private locate(urlPath: string): { timerId: string; path: string; ext: string } | null {
    const [empty, uploads, timerId, name, ...rest] = urlPath.split('/');
    if (empty !== '' || uploads !== 'uploads' || rest.length > 0 || !timerId || !name || !SAFE_SEGMENT.test(timerId)) return null;
    const match = STORED_FILE.exec(name);
    if (!match) return null;
    return { timerId, path: join(this.root, timerId, name), ext: match[2] ?? '' };
  }
}
