/** What the person chose. */
export const COLOR_MODE_PREFERENCES = ['system', 'light', 'dark'] as const;
export type ColorModePreference = (typeof COLOR_MODE_PREFERENCES)[number];
/** What is actually shown. */
export type ColorMode = 'light' | 'dark';

/** Parses a stored preference; anything unknown is `system`. */
export function parsePreference(raw: string | null | undefined): ColorModePreference {
  return raw === 'light' || raw === 'dark' || raw === 'system' ? raw : 'system';
}

/**
 * The mode to show: a route's forced mode wins, then an explicit preference, then the
 * operating system's.
 */
export function resolveColorMode(
  preference: ColorModePreference,
  systemPrefersDark: boolean,
  forced?: ColorMode,
): ColorMode {
  if (forced) return forced;
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}
