import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../lib/config';
import { pageTemplate } from '../lib/page-template';
import { createContentHandler, type AdmitQuery } from './content.http';
import { createContentStore } from './content.store';

/**
 * The content site as the HTTP layer sees it: one handler for `/api/content/…`, `sitemap.xml`,
 * `robots.txt` and prerendered content pages, reading the built client's `_content/`.
 */
export function createContentServing(config: Config, clientDist: string, admit?: AdmitQuery) {
  const indexHtml = pageTemplate(join(clientDist, 'index.html'));
  // Only paths the prerender table knows reach here, so the join stays inside clientDist.
  const payloadOf = (path: string): string | null => {
    try {
      return readFileSync(join(clientDist, path, '_payload.json'), 'utf8');
    } catch {
      return null;
    }
  };
  return createContentHandler(config, createContentStore(clientDist), indexHtml, payloadOf, admit);
}
