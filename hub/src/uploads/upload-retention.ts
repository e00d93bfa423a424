import type { UploadStore } from './upload-store';

/**
 * A file nobody references yet may be one just uploaded, waiting for its settings page to be
 * saved: it is kept this long before the sweep removes it.
 */
export const UNREFERENCED_GRACE_MS = 60 * 60 * 1000;

const UPLOAD_URL = /\/uploads\/[A-Za-z0-9_-]+\/[A-Za-z0-9_.-]+/g;

/** Every upload URL path a value (a timer's settings) mentions. */
export function uploadUrlsIn(value: unknown): Set<string> {
  return new Set(JSON.stringify(value ?? null).match(UPLOAD_URL) ?? []);
}

/**
 * Removes the files a settings change stopped referencing (a replaced logo, a removed sound).
 * Only files the old settings referenced go: a fresh upload not yet saved anywhere stays.
 */
export async function removeReplacedUploads(
  store: UploadStore,
  timerId: string,
  before: unknown,
  after: unknown,
): Promise<string[]> {
  const kept = uploadUrlsIn(after);
  const dropped = [...uploadUrlsIn(before)].filter(
    (url) => !kept.has(url) && url.startsWith(`/uploads/${timerId}/`),
  );
  await Promise.all(dropped.map((url) => store.remove(url)));
  return dropped;
}

/**
 * Removes a timer's files that its settings do not reference and that are older than the
 * grace period. Returns the bytes the timer still keeps.
 */
export async function sweepTimerUploads(
  store: UploadStore,
  timerId: string,
  settings: unknown,
  nowMs: number,
): Promise<{ removed: string[]; keptBytes: number }> {
  const referenced = uploadUrlsIn(settings);
  const removed: string[] = [];
  let keptBytes = 0;
  for (const file of await store.list(timerId)) {
    if (!referenced.has(file.url) && nowMs - file.modifiedMs > UNREFERENCED_GRACE_MS) {
      await store.remove(file.url);
      removed.push(file.url);
    } else {
      keptBytes += file.bytes;
    }
  }
  return { removed, keptBytes };
}
