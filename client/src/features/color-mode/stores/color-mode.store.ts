import { create } from 'zustand';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { parsePreference, resolveColorMode } from '../color-mode';
import type { ColorMode, ColorModePreference } from '../color-mode';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

interface ColorModeState {
  /** system / light / dark, persisted in localStorage. */
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
  preference: parsePreference(local.get(STORAGE_KEYS.colorMode)),
  systemDark: systemPrefersDark(),
  forced: undefined,
  setPreference: (preference) => {
    local.set(STORAGE_KEYS.colorMode, preference);
    set({ preference });
  },
  setSystemDark: (systemDark) => set({ systemDark }),
  setForced: (forced) => set({ forced }),
}));

/** The mode currently shown. */
export const selectColorMode = (s: ColorModeState): ColorMode => resolveColorMode(s.preference, s.systemDark, s.forced);

/** Subscribes to the OS colour scheme; returns the unsubscribe function. */
export function watchSystemColorScheme(): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(DARK_QUERY);
  const onChange = (event: MediaQueryListEvent) => useColorModeStore.getState().setSystemDark(event.matches);
  useColorModeStore.getState().setSystemDark(query.matches);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
