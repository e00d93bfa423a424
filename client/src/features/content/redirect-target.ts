/**
 * Which `?to=` targets the redirect interstitial may follow: absolute http(s) URLs only.
 * `javascript:`, `data:`, `vbscript:`, protocol-relative `//host`, backslash tricks (`/\host`),
 * credentials in the URL and control characters are all refused.
 */
export type RedirectTarget = { ok: true; url: string; host: string } | { ok: false; reason: 'missing' | 'refused' };

export function redirectTarget(raw: string | null): RedirectTarget {
  if (raw === null || raw.trim() === '') return { ok: false, reason: 'missing' };
  const to = raw.trim();
  // Browsers strip tabs and newlines inside URLs ("java\tscript:"); refuse any control character.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return { ok: false, reason: 'refused' };
  if (!/^https?:\/\/[^/]/i.test(to)) return { ok: false, reason: 'refused' };
  let url: URL;
  try {
    url = new URL(to);
  } catch {
    return { ok: false, reason: 'refused' };
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname || url.username || url.password) return { ok: false, reason: 'refused' };
  return { ok: true, url: url.href, host: url.host };
}
