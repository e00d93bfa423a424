/**
 * Display skins: how a timer's projector display looks. Stored in `timer.settings.skin`.
 *
 * For the skin page author — what may be stored (all fields optional, unknown fields ignored):
 * ```ts
 * timer.settings.skin = 'dark'                       // a preset id, or:
 * timer.settings.skin = {
 *   preset: 'tournament-green',                      // base preset (default 'dark')
 *   colors: { background: '#062b1a', aff: '#ff5a5a' }, // overrides, CSS colours (#rgb, #rrggbb, rgb(), hsl(), names)
 *   fontScale: 1.1,                                  // 0.6–1.6, scales the labels (stage, teams, topic) within their boxes; never the clock
 *   backgroundImageUrl: '/uploads/bg.jpg',           // optional, drawn under a scrim
 * }
 * ```
 * `resolveSkin(value)` turns whatever is stored into a complete {@link Skin}; `skinCssVars(skin)`
 * gives the CSS custom properties the display reads (`--td-bg`, `--td-fg`, …), so a live preview
 * is `<TimerDisplay store={…} skin={resolveSkin(draft)} />`.
 */
import { isRecord, readNumber, readString, SAFE_URL } from './read-tolerant';

/** Built-in skin presets. */
export const SKIN_PRESET_IDS = ['light', 'dark', 'high-contrast', 'tournament-green'] as const;
/** A built-in preset id. */
export type SkinPresetId = (typeof SKIN_PRESET_IDS)[number];

/** Every colour a skin sets. */
export interface SkinColors {
  /** Page background. */
  background: string;
  /** Panels (team cards, the progress track's background). */
  surface: string;
  /** Main text and the digits in the normal phase. */
  text: string;
  /** Secondary text (topic, labels). */
  muted: string;
  /** Highlight of the running clock, progress in the normal phase. */
  accent: string;
  /** 正方 colour. */
  aff: string;
  /** 反方 colour. */
  neg: string;
  /** Digits from the first bell on. */
  warning: string;
  /** Digits in the last 10 s. */
  danger: string;
  /** Digits past zero. */
  overtime: string;
}

/** The colour names, in a fixed order (for editors). */
export const SKIN_COLOR_KEYS = [
  'background',
  'surface',
  'text',
  'muted',
  'accent',
  'aff',
  'neg',
  'warning',
  'danger',
  'overtime',
] as const satisfies readonly (keyof SkinColors)[];

/** What `timer.settings.skin` may hold (besides a bare preset id). */
export interface SkinSettings {
  preset?: SkinPresetId;
  colors?: Partial<SkinColors>;
  /** 0.6–1.6; 1 is the default size. */
  fontScale?: number;
  backgroundImageUrl?: string;
}

/** A complete skin, ready to render. */
export interface Skin {
  preset: SkinPresetId;
  /** Whether the background is light or dark (picks shadows and scrims). */
  scheme: 'light' | 'dark';
  colors: SkinColors;
  fontScale: number;
  backgroundImageUrl: string | null;
}

/** Preset names for pickers. */
export const SKIN_PRESET_LABELS: Record<SkinPresetId, string> = {
  light: '明亮',
  dark: '深色',
  'high-contrast': '高对比度',
  'tournament-green': '赛事绿',
};

/** The built-in presets. Digits meet WCAG AAA contrast on their background in every phase. */
export const SKIN_PRESETS: Record<SkinPresetId, Skin> = {
  light: {
    preset: 'light',
    scheme: 'light',
    colors: {
      background: '#f8fafc',
      surface: '#e2e8f0',
      text: '#0f172a',
      muted: '#475569',
      accent: '#15803d',
      aff: '#b91c1c',
      neg: '#1d4ed8',
      warning: '#a16207',
      danger: '#dc2626',
      overtime: '#b91c1c',
    },
    fontScale: 1,
    backgroundImageUrl: null,
  },
  dark: {
    preset: 'dark',
    scheme: 'dark',
    colors: {
      background: '#05080f',
      surface: '#1a2233',
      text: '#f8fafc',
      muted: '#a3b1c6',
      accent: '#4ade80',
      aff: '#f87171',
      neg: '#60a5fa',
      warning: '#facc15',
      danger: '#f87171',
      overtime: '#ff4d4d',
    },
    fontScale: 1,
    backgroundImageUrl: null,
  },
  'high-contrast': {
    preset: 'high-contrast',
    scheme: 'dark',
    colors: {
      background: '#000000',
      surface: '#333333',
      text: '#ffffff',
      muted: '#e5e5e5',
      accent: '#00ff66',
      aff: '#ff6666',
      neg: '#66b3ff',
      warning: '#ffff00',
      danger: '#ff3b3b',
      overtime: '#ff3b3b',
    },
    fontScale: 1.05,
    backgroundImageUrl: null,
  },
  'tournament-green': {
    preset: 'tournament-green',
    scheme: 'dark',
    colors: {
      background: '#04281a',
      surface: '#0d4530',
      text: '#fbfaf5',
      muted: '#b7d3c4',
      accent: '#fcd34d',
      aff: '#ff8a80',
      neg: '#8ab4ff',
      warning: '#fcd34d',
      danger: '#ff6b6b',
      overtime: '#ff5252',
    },
    fontScale: 1,
    backgroundImageUrl: null,
  },
};

/** The preset a display uses when the timer sets none. */
export const DEFAULT_SKIN_PRESET: SkinPresetId = 'dark';

// A CSS colour we are willing to put into a style attribute: no `;`, `{`, `}`, `url(`.
const CSS_COLOR =
  /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|oklch|color-mix)\([0-9a-zA-Z.,%\s/+-]*\)|[a-zA-Z]{3,20})$/;

function isPreset(value: unknown): value is SkinPresetId {
  return typeof value === 'string' && (SKIN_PRESET_IDS as readonly string[]).includes(value);
}

/** Turns whatever `timer.settings.skin` holds into a complete skin; bad fields fall back to the preset. */
export function resolveSkin(value: unknown): Skin {
  if (typeof value === 'string') return SKIN_PRESETS[isPreset(value) ? value : DEFAULT_SKIN_PRESET];
  const data = value ?? {};
  if (!isRecord(data)) return SKIN_PRESETS[DEFAULT_SKIN_PRESET];
  const base = SKIN_PRESETS[isPreset(data.preset) ? data.preset : DEFAULT_SKIN_PRESET];
  const overrides = isRecord(data.colors) ? data.colors : {};
  const colors: SkinColors = { ...base.colors };
  for (const key of SKIN_COLOR_KEYS) {
    const candidate = readString(overrides[key], 64, { pattern: CSS_COLOR });
    if (candidate !== undefined) colors[key] = candidate;
  }
  return {
    preset: base.preset,
    scheme: base.scheme,
    colors,
    fontScale: readNumber(data.fontScale, 0.6, 1.6) ?? base.fontScale,
    backgroundImageUrl: readString(data.backgroundImageUrl, 2000, { pattern: SAFE_URL }) ?? null,
  };
}

/** The CSS custom properties the timer display reads, for a `style` attribute. */
export function skinCssVars(skin: Skin): Record<`--td-${string}`, string> {
  const c = skin.colors;
  return {
    '--td-bg': c.background,
    '--td-surface': c.surface,
    '--td-fg': c.text,
    '--td-muted': c.muted,
    '--td-accent': c.accent,
    '--td-aff': c.aff,
    '--td-neg': c.neg,
    '--td-warning': c.warning,
    '--td-danger': c.danger,
    '--td-overtime': c.overtime,
    '--td-font-scale': String(skin.fontScale),
    '--td-bg-image': skin.backgroundImageUrl ? `url("${skin.backgroundImageUrl}")` : 'none',
  };
}
