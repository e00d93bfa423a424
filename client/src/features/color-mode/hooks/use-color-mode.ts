import { useEffect } from 'react';
import { selectColorMode, useColorModeStore, watchSystemColorScheme } from '../stores/color-mode.store';
import type { ColorMode } from '../color-mode';

/** The mode currently shown (light or dark). */
export function useColorMode(): ColorMode {
  return useColorModeStore(selectColorMode);
}

/**
 * Keeps `<html data-theme>` and `color-scheme` in step with the preference, the OS and the
 * route's forced mode. Mount once, at the root.
 */
export function useColorModeSync(forced: ColorMode | undefined): ColorMode {
  const setForced = useColorModeStore((s) => s.setForced);
  const mode = useColorMode();
  useEffect(() => watchSystemColorScheme(), []);
  useEffect(() => setForced(forced), [forced, setForced]);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = mode;
    root.style.colorScheme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', mode === 'dark' ? '#0b1120' : '#ffffff');
  }, [mode]);
  return mode;
}
