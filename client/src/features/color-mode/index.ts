export { ColorModeToggle } from './components/color-mode-toggle';
export { useColorMode, useColorModeSync } from './hooks/use-color-mode';
export type { ColorMode, ColorModePreference } from './color-mode';
