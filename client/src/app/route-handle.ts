import type { UIMatch } from 'react-router';
import type { ColorMode } from '../features/color-mode';
import type { RoutePageId } from '../i18n/zh-CN/routes';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /** Page title (without the tagline). Absent: the last path segment in title case. */
  title?: string;
  /** Which placeholder text to show until the feature lands. */
  page?: RoutePageId;
  /** Forces a colour mode on this route, whatever the preference. */
  colorMode?: ColorMode;
}

/** The deepest defined value of `key` among the matched routes. */
export function deepestHandle<K extends keyof RouteHandle>(
  matches: UIMatch[],
  key: K,
): RouteHandle[K] | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.[key] !== undefined) return handle[key];
  }
  return undefined;
}
