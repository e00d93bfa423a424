/**
 * A timer's display settings (teams, topic, logo, tenths, skin) as the screens read them from the
 * timer's settings, tolerant of what older versions stored, and the skins' presets and colours.
 * Read from a live timer with `useDisplaySettings` (lib/realtime/timer).
 */
export { readDisplaySettings, type DisplaySettings, type TeamInfo } from './settings';
export {
  DEFAULT_SKIN_PRESET,
  resolveSkin,
  SKIN_COLOR_KEYS,
  SKIN_PRESET_IDS,
  SKIN_PRESET_LABELS,
  SKIN_PRESETS,
  skinCssVars,
  type Skin,
  type SkinColors,
  type SkinPresetId,
  type SkinSettings,
} from './skin';
