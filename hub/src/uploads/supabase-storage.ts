import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js';
import WebSocket from 'ws';
import {
  FileStorageError,
  PUBLIC_KINDS,
  isSafePath,
  type FileKind,
  type FileStorage,
  type StoredObject,
} from './file-storage';

/** The bucket of each kind of file in the Supabase project. */
export const SUPABASE_BUCKETS: Record<FileKind, string> = {
  logo: 'bianshi-logos',
  background: 'bianshi-backgrounds',
  sound: 'bianshi-sounds',
  invoice: 'bianshi-invoices',
};

/** Entries per `list` call (Storage's own maximum is higher; pages are read until one is short). */
const PAGE = 1000;

/** How storage-js reports a failed call. */
interface StorageFailure {
  message: string;
  status?: number;
  statusCode?: string;
}

function notFound(error: StorageFailure): boolean {
  return error.status === 404 || error.statusCode === '404' || /not.?found/i.test(error.message);
}

function fail(what: string, error: StorageFailure): never {
  throw new FileStorageError(
    `Supabase Storage ${what}: ${error.message} (${error.statusCode ?? error.status ?? '?'})`,
  );
}

/**
 * Files in Supabase Storage through supabase-js, with the service-role key (server side only):
 * a bucket per kind, made on first use — logos, backgrounds and sounds public (anyone who may
 * see a timer sees them), invoices private, reached through short-lived signed links.
 */
export class SupabaseFileStorage implements FileStorage {
  readonly backend = 'supabase' as const;
  private readonly storage;
  private buckets: Promise<void> | null = null;

  constructor(url: string, serviceKey: string) {
    this.storage = createClient(url, serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Never connected here; Node 20 has no global WebSocket for the client to construct with.
      realtime: { transport: WebSocket as unknown as WebSocketLikeConstructor },
    }).storage;
  }

  async put(kind: FileKind, path: string, bytes: Uint8Array, contentType: string): Promise<void> {
    if (!isSafePath(path)) throw new Error(`unsafe storage path: ${path}`);
    await this.ensureBuckets();
    const { error } = await this.storage
      .from(SUPABASE_BUCKETS[kind])
      .upload(path, bytes, { contentType, cacheControl: '31536000', upsert: false });
    if (error) fail('upload', error);
  }

  async get(kind: FileKind, path: string): Promise<Buffer | null> {
    if (!isSafePath(path)) return null;
    const { data, error } = await this.storage.from(SUPABASE_BUCKETS[kind]).download(path);
    if (error) return notFound(error) ? null : fail('download', error);
    return Buffer.from(await data.arrayBuffer());
  }

  async list(kind: FileKind, folder: string): Promise<StoredObject[]> {
    return (await this.entries(kind, folder))
      .filter((entry) => entry.id !== null)
      .map((entry) => ({
        name: entry.name,
        bytes: Number((entry.metadata as { size?: number } | null)?.size ?? 0),
        modifiedMs: Date.parse(entry.updated_at ?? entry.created_at ?? '') || 0,
      }));
  }

  async folders(kind: FileKind): Promise<string[]> {
    return (await this.entries(kind, '')).filter((entry) => entry.id === null).map((entry) => entry.name);
  }

  async remove(kind: FileKind, paths: string[]): Promise<void> {
    const safe = paths.filter(isSafePath);
    for (let start = 0; start < safe.length; start += PAGE) {
      const { error } = await this.storage
        .from(SUPABASE_BUCKETS[kind])
        .remove(safe.slice(start, start + PAGE));
      if (error && !notFound(error)) fail('remove', error);
    }
  }

  async signedUrl(
    kind: FileKind,
    path: string,
    seconds: number,
    downloadName: string,
  ): Promise<string | null> {
    const { data, error } = await this.storage
      .from(SUPABASE_BUCKETS[kind])
      .createSignedUrl(path, seconds, { download: downloadName });
    if (error) fail('signed link', error);
    return data.signedUrl;
  }

  /** Every entry (files and folders) directly inside a folder, page by page. */
  private async entries(kind: FileKind, folder: string) {
    const all = [];
    for (let offset = 0; ; offset += PAGE) {
      const { data, error } = await this.storage
        .from(SUPABASE_BUCKETS[kind])
        .list(folder, { limit: PAGE, offset, sortBy: { column: 'name', order: 'asc' } });
      if (error) return notFound(error) ? [] : fail('list', error);
      all.push(...data);
      if (data.length < PAGE) return all;
    }
  }

  /** Makes the buckets that are missing, once (again after a failure). */
  private ensureBuckets(): Promise<void> {
    this.buckets ??= (async () => {
      const { data, error } = await this.storage.listBuckets();
      if (error) fail('list buckets', error);
      const present = new Set(data.map((bucket) => bucket.id));
      for (const kind of Object.keys(SUPABASE_BUCKETS) as FileKind[]) {
        const id = SUPABASE_BUCKETS[kind];
        if (present.has(id)) continue;
        const made = await this.storage.createBucket(id, { public: PUBLIC_KINDS.has(kind) });
        // Another hub may have made it meanwhile.
        if (made.error && made.error.statusCode !== '409' && !/exists/i.test(made.error.message))
          fail('create bucket', made.error);
      }
    })().catch((error: unknown) => {
      this.buckets = null;
      throw error;
    });
    return this.buckets;
  }
}
