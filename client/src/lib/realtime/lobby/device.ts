/** What a lobby screen says about itself: its device kind and a default name from the device. */
import type { DeviceKind } from '@bianshi/shared';
import { local } from '../../browser/storage';

/** Where this browser keeps its screen name (the organizer may rename it). */
export const SCREEN_NAME_KEY = 'bianshi:lobby-screen-name';

/** The device kind from a user agent, best effort. */
export function deviceKindOf(userAgent: string): DeviceKind {
  if (/smart-?tv|hbbtv|appletv|googletv|crkey|tizen|web0s|bravia/i.test(userAgent)) return 'tv';
  if (/ipad|tablet|(android(?!.*mobile))/i.test(userAgent)) return 'tablet';
  if (/iphone|ipod|android.*mobile|mobile|harmonyos/i.test(userAgent)) return 'phone';
  if (/windows|macintosh|linux|cros/i.test(userAgent)) return 'desktop';
  return 'unknown';
}

/** A readable default name, e.g. `iPhone · Safari`, `Windows · Chrome`. */
export function defaultScreenName(userAgent: string): string {
  const platform = /iphone/i.test(userAgent)
    ? 'iPhone'
    : /ipad/i.test(userAgent)
      ? 'iPad'
      : /android/i.test(userAgent)
        ? 'Android'
        : /harmonyos/i.test(userAgent)
          ? '鸿蒙'
          : /windows/i.test(userAgent)
            ? 'Windows'
            : /macintosh|mac os/i.test(userAgent)
              ? 'Mac'
              : /cros/i.test(userAgent)
                ? 'ChromeOS'
                : /linux/i.test(userAgent)
                  ? 'Linux'
                  : '设备';
  const browser = /micromessenger/i.test(userAgent)
    ? '微信'
    : /edg\//i.test(userAgent)
      ? 'Edge'
      : /firefox|fxios/i.test(userAgent)
        ? 'Firefox'
        : /chrome|crios|chromium/i.test(userAgent)
          ? 'Chrome'
          : /safari/i.test(userAgent)
            ? 'Safari'
            : '浏览器';
  return `${platform} · ${browser}`;
}

/** This screen's name: the one the organizer gave it, else one from the device. */
export function storedScreenName(userAgent: string): string {
  return local.get(SCREEN_NAME_KEY) || defaultScreenName(userAgent);
}

/** Keeps a name the organizer gave this screen across reloads. */
export function rememberScreenName(name: string): void {
  local.set(SCREEN_NAME_KEY, name);
}
