import { clearedRedirectCookie, readRedirectPath, redirectCookie } from './redirect-path';

/** Saves the path to come back to after sign-in (`<prefix>-redirect-path`). */
export function saveRedirectPath(prefix: string, fullPath: string): void {
  document.cookie = redirectCookie(prefix, fullPath, window.location.protocol === 'https:');
}

/** Reads and forgets the saved path (null when none or unsafe). */
export function takeRedirectPath(prefix: string): string | null {
  const path = readRedirectPath(document.cookie, prefix);
  document.cookie = clearedRedirectCookie(prefix);
  return path;
}
