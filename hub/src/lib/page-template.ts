import { readFileSync, statSync } from 'node:fs';

/** A page of the build read once per change of its file; null when it is missing. */
export function pageTemplate(path: string): () => string | null {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    try {
      const { mtimeMs } = statSync(path);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(path, 'utf8') };
      return cached.html;
    } catch {
      return null;
    }
  };
}
