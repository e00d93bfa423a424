import { mkdir, readdir, readFile, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The kinds of file the hub keeps: a timer's media (logo, background, bell sound: shown to
 * anyone who may see the timer) and invoice PDFs (private to their buyer and admins).
 */
export const FILE_KINDS = ['logo', 'background', 'sound', 'invoice'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Kinds whose files anyone who knows their address may read; the others need a signed link. */
export const PUBLIC_KINDS: ReadonlySet<FileKind> = new Set(['logo', 'background', 'sound']);

/** The storage could not be reached or refused a call (not: a file that is not there). */
export class FileStorageError extends Error {
  override readonly name = 'FileStorageError';
}

/** A stored file directly inside a folder. */
export interface StoredObject {
  /** Its name inside the folder. */
  name: string;
  bytes: number;
  /** When it was last written (wall clock ms). */
  modifiedMs: number;
}

/**
 * Where the hub keeps files: local disk, or Supabase Storage (a bucket per kind). Paths are
 * `<folder>/<name>`, built by the hub from ids it made, never from a client's file name.
 */
export interface FileStorage {
  readonly backend: 'local' | 'supabase';
  put(kind: FileKind, path: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes; null when it is not there. */
  get(kind: FileKind, path: string): Promise<Buffer | null>;
  /** The files directly inside a folder (none when the folder does not exist). */
  list(kind: FileKind, folder: string): Promise<StoredObject[]>;
  /** The folders at the top of a kind's storage. */
  folders(kind: FileKind): Promise<string[]>;
  /** Deletes files (gone already is fine). */
  remove(kind: FileKind, paths: string[]): Promise<void>;
  /**
   * A link that downloads the file for `seconds` without the hub (served as `downloadName`),
   * or null when the hub serves the file itself (local disk).
   */
  signedUrl(kind: FileKind, path: string, seconds: number, downloadName: string): Promise<string | null>;
}

/** One path segment the hub may make: ids, random names with their extension. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}$/;

/**
 * Whether a path is `<folder>/<name>` of safe segments (no `..`, no absolute paths); a bare
 * `<name>` is an invoice stored before invoices had folders.
 */
export function isSafePath(path: string): boolean {
  const parts = path.split('/');
  return (
    parts.length >= 1 &&
    parts.length <= 2 &&
    parts.every((part) => SEGMENT.test(part) && !part.includes('..'))
  );
}

/**
 * Files on local disk: a timer's media under `${DATA_DIR}/uploads/<timerId>/` (all three
 * kinds in one folder, told apart by their names' `<kind>-` prefix), invoices under
 * `${DATA_DIR}/invoices/<folder>/`. With the in-memory database (`DATA_DIR=memory://`) they go
 * to the system temp directory.
 */
export class LocalFileStorage implements FileStorage {
  readonly backend = 'local' as const;
  private readonly uploads: string;
  private readonly invoices: string;

  constructor(dataDir: string) {
    const memory = dataDir === 'memory://';
    this.uploads = memory ? join(tmpdir(), `bianshi-uploads-${process.pid}`) : resolve(dataDir, 'uploads');
    this.invoices = memory ? join(tmpdir(), `bianshi-invoices-${process.pid}`) : resolve(dataDir, 'invoices');
  }

  /** The directory a kind's folders live in. */
  root(kind: FileKind): string {
    return kind === 'invoice' ? this.invoices : this.uploads;
  }

  async put(kind: FileKind, path: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(kind, path);
    await mkdir(join(file, '..'), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(kind: FileKind, path: string): Promise<Buffer | null> {
    if (!isSafePath(path)) return null;
    return readFile(this.file(kind, path)).catch(() => null);
  }

  async list(kind: FileKind, folder: string): Promise<StoredObject[]> {
    if (!SEGMENT.test(folder)) return [];
    const directory = join(this.root(kind), folder);
    const names = await readdir(directory).catch(() => [] as string[]);
    const files: StoredObject[] = [];
    for (const name of names) {
      if (kind !== 'invoice' && mediaKindOf(name) !== kind) continue;
      const info = await stat(join(directory, name)).catch(() => null);
      if (info?.isFile()) files.push({ name, bytes: info.size, modifiedMs: info.mtimeMs });
    }
    return files;
  }

  async folders(kind: FileKind): Promise<string[]> {
    const entries = await readdir(this.root(kind), { withFileTypes: true }).catch(() => []);
    return entries
      .filter((entry) => entry.isDirectory() && SEGMENT.test(entry.name))
      .map((entry) => entry.name);
  }

  async remove(kind: FileKind, paths: string[]): Promise<void> {
    await Promise.all(paths.filter(isSafePath).map((path) => rm(this.file(kind, path), { force: true })));
    // A folder left empty goes too (a deleted timer's media, its last file removed).
    const folders = new Set(
      paths.filter((path) => isSafePath(path) && path.includes('/')).map((path) => path.split('/')[0]!),
    );
    // rmdir refuses a folder that is not empty: a file written meanwhile stays.
    for (const folder of folders) await rmdir(join(this.root(kind), folder)).catch(() => undefined);
  }

  async signedUrl(): Promise<string | null> {
    return null;
  }

  private file(kind: FileKind, path: string): string {
    if (!isSafePath(path)) throw new Error(`unsafe storage path: ${path}`);
    return join(this.root(kind), path);
  }
}

/** Media kinds, by the `<kind>-` prefix the hub gives their file names. */
const MEDIA_NAME = /^(logo|background|sound)-/;

/**
 * The media kind of a stored file name (`<kind>-<random>.<ext>`). Files saved before names
 * carried their kind count as logos: on local disk the kinds share one folder, and each file
 * must be counted exactly once.
 */
export function mediaKindOf(name: string): 'logo' | 'background' | 'sound' {
  return (MEDIA_NAME.exec(name)?.[1] as 'logo' | 'background' | 'sound' | undefined) ?? 'logo';
}
