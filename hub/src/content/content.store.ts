import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { CollectionName, CompiledCollection, ContentManifest, NavItem } from '@bianshi/shared/content/index';

/**
 * A prerendered page as the content build wrote it: a content page's article, or a page the site
 * drew at build time (`client/build/draw-pages-plugin.ts`) with the stylesheets its markup needs.
 */
export interface PrerenderFragment {
  title: string;
  description: string;
  html: string;
  styles?: string[];
}

/** The compiled content of the built client, as the hub reads it. */
export interface ContentSnapshot {
  manifest: ContentManifest;
  navigation: NavItem[];
  prerender: Record<string, PrerenderFragment>;
  collection(name: string): CompiledCollection | undefined;
}

/**
 * Reads `<clientDist>/_content/` (written by the content build) and reads it again when a
 * rebuild changes the manifest. Before the client is built there is no content: `null`.
 */
export function createContentStore(clientDist: string): { current(): ContentSnapshot | null } {
  const dir = join(clientDist, '_content');
  let cached: { mtimeMs: number; snapshot: ContentSnapshot } | undefined;
  const readJson = <T>(name: string): T => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
  return {
    current() {
      let mtimeMs: number;
      try {
        mtimeMs = statSync(join(dir, 'manifest.json')).mtimeMs;
      } catch {
        return null;
      }
      if (cached?.mtimeMs === mtimeMs) return cached.snapshot;
      const manifest = readJson<ContentManifest>('manifest.json');
      const collections = new Map<string, CompiledCollection>();
      const snapshot: ContentSnapshot = {
        manifest,
        navigation: readJson<NavItem[]>('navigation.json'),
        prerender: readJson<Record<string, PrerenderFragment>>('prerender.json'),
        collection(name) {
          // Own keys only: `constructor` or `__proto__` is no collection (and no file to read).
          if (!Object.hasOwn(manifest.versions, name)) return undefined;
          let collection = collections.get(name);
          if (!collection) {
            collection = readJson<CompiledCollection>(`${name as CollectionName}.json`);
            collections.set(name, collection);
          }
          return collection;
        },
      };
      cached = { mtimeMs, snapshot };
      return snapshot;
    },
  };
}
