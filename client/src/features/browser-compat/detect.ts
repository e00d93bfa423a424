/** Chrome major versions below this get the low-version warning. */
export const MIN_CHROME_MAJOR = 63;

/** Why the compatibility dialog shows, or null when the browser is fine. */
export type BrowserIssue = 'is360' | 'outdated' | null;

/** Extra signals a UA string cannot give (360 often hides itself). */
export interface BrowserHints {
  /** navigator.mimeTypes types; 360 Secure Browser exposes a tell-tale plugin type. */
  mimeTypes?: readonly string[];
  /** navigator.userAgentData.brands, when available. */
  brands?: readonly string[];
}

const MOBILE = /Mobi|Android|iPhone|iPad|iPod|HarmonyOS|OpenHarmony/i;
const UA_360 = /QIHU|360SE|360EE|360Browser|QihooBrowser|QHBrowser/i;
const MIME_360 = /application\/(vnd\.chromium\.remoting-viewer|360softmgrplugin|gameplugin)/i;
/** Old domestic shells and IE, which ship an engine too old for the timer. */
const OLD_DOMESTIC = [
  /MSIE \d/,
  /Trident\//,
  /MetaSr/,
  /LBBROWSER/,
  /TheWorld/,
  /2345Explorer/,
  /BIDUBrowser/,
  /Maxthon\/[1-4]\./,
  /QQBrowser\/[1-9]\./,
];

/** `Chrome/62.0.3202.94` → 62; undefined when not Chromium-based. */
export function chromeMajor(userAgent: string): number | undefined {
  const match = /(?:Chrome|CriOS|Chromium)\/(\d+)/.exec(userAgent);
  return match ? Number(match[1]) : undefined;
}

/** Whether this is the 360 browser on a desktop computer. */
export function is360Desktop(userAgent: string, hints: BrowserHints = {}): boolean {
  if (MOBILE.test(userAgent)) return false;
  if (UA_360.test(userAgent)) return true;
  if (hints.brands?.some((b) => /360/.test(b))) return true;
  return chromeMajor(userAgent) !== undefined && (hints.mimeTypes ?? []).some((type) => MIME_360.test(type));
}

/**
 * Pure detection for the compatibility dialog: 360 on desktop first, then Chrome below 63 or an
 * old domestic browser.
 */
export function detectBrowserIssue(userAgent: string, hints: BrowserHints = {}): BrowserIssue {
  if (is360Desktop(userAgent, hints)) return 'is360';
  const major = chromeMajor(userAgent);
  if (major !== undefined && major < MIN_CHROME_MAJOR) return 'outdated';
  if (OLD_DOMESTIC.some((re) => re.test(userAgent))) return 'outdated';
  return null;
}
