/**
 * Page titles and canonical links, the same in the hub's prerendered HTML and in the SPA.
 */

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
  const params = parseQuery(search);
  const kept: string[] = [];
  for (const key of whitelist) {
    for (const [name, value] of params) if (name === key) kept.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const query = kept.join('&');
  return `${siteUrl.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** `?a=1&b=x+y` → `[['a', '1'], ['b', 'x y']]` (form encoding, as URLSearchParams reads it). */
function parseQuery(search: string): [string, string][] {
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      return text;
    }
  };
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return at < 0 ? [decode(pair), ''] : [decode(pair.slice(0, at)), decode(pair.slice(at + 1))];
    });
}
