import { create } from 'zustand';

/** The tagline every title ends with. */
export const TITLE_SUFFIX = '专业辩论比赛计时软件';

/** `foo-bar_baz` → `Foo Bar Baz`. */
export function titleCase(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The last non-empty path segment of `pathname`, decoded and title-cased; '' for '/'. */
export function titleFromPath(pathname: string): string {
  const segments = pathname.split('/').filter(Boolean);
  const last = segments[segments.length - 1];
  if (!last) return '';
  let decoded = last;
  try {
    decoded = decodeURIComponent(last);
  } catch {
    /* keep it raw */
  }
  return titleCase(decoded);
}

/**
 * `页面标题 | 专业辩论比赛计时软件`. Without a page title, falls back to the last path segment in
 * title case; on `/` it is `brand | tagline`.
 */
export function pageTitle(title: string | undefined, pathname: string, brand = '辩时'): string {
  const page = title?.trim() || titleFromPath(pathname) || brand;
  return `${page} | ${TITLE_SUFFIX}`;
}

/** Query parameters that survive into canonical links. */
export const CANONICAL_QUERY_WHITELIST = ['code', 'page'] as const;

/**
 * The canonical URL of a page: site URL + path (lower-cased when asked, no trailing slash
 * except the root) + only whitelisted query parameters, in whitelist order.
 */
export function canonicalUrl(
  siteUrl: string,
  pathname: string,
  search: string,
  options: { whitelist?: readonly string[]; lowercase?: boolean } = {},
): string {
  const whitelist = options.whitelist ?? CANONICAL_QUERY_WHITELIST;
  let path = pathname.replace(/\/{2,}/g, '/');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  if (!path.startsWith('/')) path = `/${path}`;
  if (options.lowercase) path = path.toLowerCase();
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of whitelist) {
    for (const value of params.getAll(key)) kept.append(key, value);
  }
  const query = kept.toString();
  return `${siteUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

interface HeadOverrideState {
  /** A title set by a screen that is not a route of its own (error screen, 404). */
  title: string | undefined;
  setTitle(title: string | undefined): void;
}

/**
 * Screens rendered by an error boundary have no route handle; they put their title here and
 * the document head prefers it over the route's title.
 */
export const useHeadOverride = create<HeadOverrideState>((set) => ({
  title: undefined,
  setTitle: (title) => set({ title }),
}));
