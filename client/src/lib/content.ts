/**
 * Compiled content as the client reads it: `<path>/_payload.json` per page (written by the
 * content build), fetched on navigation and cached by TanStack Query.
 */
import { useQuery } from '@tanstack/react-query';
import { trimTrailingSlashes } from '@bianshi/shared';

/** The payload URL of a page path: `/docs/x` → `/docs/x/_payload.json`, `/` → `/_payload.json`. */
export function payloadUrl(path: string): string {
  const clean = trimTrailingSlashes(path);
  return `${clean}/_payload.json`;
}

/** A page that has no payload. */
export class ContentNotFound extends Error {
  override readonly name = 'ContentNotFound';
}

/** Fetches a page's payload; `ContentNotFound` for a path without one. */
export async function fetchPayload<T>(path: string): Promise<T> {
  const response = await fetch(payloadUrl(path), { headers: { accept: 'application/json' } });
  if (response.status === 404 || !(response.headers.get('content-type') ?? '').includes('json'))
    throw new ContentNotFound(path);
  if (!response.ok) throw new Error(`内容加载失败（${response.status}）`);
  return (await response.json()) as T;
}

/** Payloads given to the build-time renderer (`site-server.tsx`), which has no document. */
const provided = new Map<string, unknown>();

/** Gives the build-time renderer a page's payload, as the hub embeds it in the page. */
export function providePayload(path: string, payload: unknown): void {
  provided.set(path, payload);
}

/**
 * The payload the hub embedded in a prerendered page (`<script type="application/json"
 * id="bs-payload" data-path>`), so the first render needs no request. Read once.
 */
function embeddedPayload<T>(path: string): T | undefined {
  if (typeof document === 'undefined') return provided.get(path) as T | undefined;
  const element = document.getElementById('bs-payload');
  if (!element || element.dataset.path !== path) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as T;
  } catch {
    return undefined;
  }
}

/** The payload of `path`, fetched once per path and kept while the tab lives. */
export function usePayload<T>(path: string) {
  return useQuery({
    queryKey: ['content-payload', path],
    queryFn: () => fetchPayload<T>(path),
    initialData: () => embeddedPayload<T>(path),
    staleTime: Infinity,
    retry: (count, error) => !(error instanceof ContentNotFound) && count < 2,
  });
}
