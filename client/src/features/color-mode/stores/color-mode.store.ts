import { create } from 'zustand';
import { COLOR_MODE_COOKIE, local, STORAGE_KEYS } from '../../../lib/browser/storage';
import { parsePreference, resolveColorMode } from '../color-mode';
import type { ColorMode, ColorModePreference } from '../color-mode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(DARK_QUERY).matches
  );
}

/**
 * Mirrors the choice in its cookie, which the script before the first paint reads
 * (build/color-mode-plugin.ts): a year for light or dark, none for the system's. Written only
 * when it differs, so a choice kept by an earlier version (localStorage alone) gets its cookie
 * on the next visit.
 */
function keepInCookie(preference: ColorModePreference): void {
  if (typeof document === 'undefined') return;
  const value = preference === 'system' ? null : preference;
  const current = new RegExp(`(?:^|;\\s*)${COLOR_MODE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1] ?? null;
  if (current === value) return;
  document.cookie = value
    ? `${COLOR_MODE_COOKIE}=${value}; path=/; max-age=31536000; samesite=lax`
    : `${COLOR_MODE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}

const stored = parsePreference(local.get(STORAGE_KEYS.colorMode));
keepInCookie(stored);

interface ColorModeState {
  /** system / light / dark, persisted in localStorage and mirrored in a cookie. */
  preference: ColorModePreference;
  /** Whether the OS is in dark mode right now (kept live by a matchMedia listener). */
  systemDark: boolean;
  /** A mode the current route forces, overriding the preference. */
  forced: ColorMode | undefined;
  setPreference(preference: ColorModePreference): void;
  setSystemDark(dark: boolean): void;
  setForced(forced: ColorMode | undefined): void;
}

export const useColorModeStore = create<ColorModeState>((set) => ({
  preference: stored,
  systemDark: systemPrefersDark(),
  forced: undefined,
  setPreference: (preference) => {
    local.set(STORAGE_KEYS.colorMode, preference);
    keepInCookie(preference);
    set({ preference });
  },
  setSystemDark: (systemDark) => set({ systemDark }),
  setForced: (forced) => set({ forced }),
}));

/** The mode currently shown. */
export const selectColorMode = (s: ColorModeState): ColorMode =>
  resolveColorMode(s.preference, s.systemDark, s.forced);

/** Subscribes to the OS colour scheme; returns the unsubscribe function. */
export function watchSystemColorScheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = (event: MediaQueryListEvent) => useColorModeStore.getState().setSystemDark(event.matches);
  useColorModeStore.getState().setSystemDark(query.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
