/**
 * Web Storage that never throws: private modes, disabled storage and quota errors all read as
 * "nothing stored" instead of crashing the page.
 */
function safe(kind: 'localStorage' | 'sessionStorage'): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[kind];
  } catch {
    return undefined;
  }
}

function make(kind: 'localStorage' | 'sessionStorage') {
  return {
    get(key: string): string | null {
      try {
        return safe(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    set(key: string, value: string): void {
      try {
        safe(kind)?.setItem(key, value);
      } catch {
        /* storage full or disabled: the preference just is not kept */
      }
    },
    remove(key: string): void {
      try {
        safe(kind)?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

export const local = make('localStorage');

/**
 * Removes control keys that earlier versions kept in localStorage (`bianshi:control-key:<id>`).
 * The httpOnly control cookie is the capability; a readable copy of the key is not kept.
 */
export function forgetLegacyControlKeys(): void {
  try {
    const storage = safe('localStorage');
    if (!storage) return;
    const stale: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index);
      if (key?.startsWith('bianshi:control-key:')) stale.push(key);
    }
    for (const key of stale) storage.removeItem(key);
  } catch {
    /* storage disabled: nothing was kept either */
  }
}
export const session = make('sessionStorage');

/**
 * The cookie that mirrors the colour-mode choice for the script every page runs before its first
 * paint (build/color-mode-plugin.ts). A cookie because that script blocks the paint: reading a
 * cookie there is cheap, while a new tab's first localStorage read waited 50–80 ms for the
 * storage to load (bench `load`, the audience screen). It holds `light` or `dark`; none means
 * the system's.
 */
export const COLOR_MODE_COOKIE = 'bs_color_mode';

/** Every key the client stores, in one place. */
export const STORAGE_KEYS = {
  colorMode: 'bianshi:color-mode',
  // The flag Umami's own tracker honours, so one switch turns both off.
  analyticsDisabled: 'umami.disabled',
  chunkReload: 'bianshi:chunk-reload',
  compatDismissed: 'bianshi:compat-dismissed',
  debug: 'bianshi:debug',
} as const;
