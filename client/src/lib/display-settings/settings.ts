/**
 * What the display reads from `timer.settings` (written by the management pages). Every field
 * is optional and read tolerantly: a malformed field falls back to its default, never a crash.
 *
 * ```ts
 * timer.settings = {
 *   topic?: string,                                   // 辩题
 *   logoUrl?: string,                                 // /uploads/… or https://…
 *   skin?: SkinPresetId | SkinSettings,               // see skin.ts
 *   teams?: { aff?: TeamSettings, neg?: TeamSettings },// TeamSettings = {name?, school?, debaters?: string[]}
 *   display?: { tenths?: boolean, flashAtZero?: boolean }, // tenths in the last 10 s (default true); flash at zero (default false)
 *   audio?: { volume?: number /* 0–1 *\/, sounds?: Record<soundName, url> },
 * }
 * ```
 */
import type { SideId } from '@bianshi/shared';
import { isRecord, readNumber, readString, SAFE_URL } from './read-tolerant';
import { resolveSkin, type Skin } from './skin';

/** One team as the display shows it. */
export interface TeamInfo {
  /** Team name, e.g. 复旦大学; null when not set (the display then shows 正方/反方). */
  name: string | null;
  school: string | null;
  /** Debaters by position: index 0 is 一辩. Empty strings when unknown. */
  debaters: string[];
}

/** Everything the display takes from the timer's settings. */
export interface DisplaySettings {
  topic: string | null;
  logoUrl: string | null;
  teams: Record<SideId, TeamInfo>;
  skin: Skin;
  /** Show tenths of a second in the last 10 s. */
  tenths: boolean;
  /** Flash the screen when a clock reaches zero. */
  flashAtZero: boolean;
  /** Bell volume 0–1. */
  volume: number;
  /** Custom bell sounds: sound name → URL (uploads); built-ins are used otherwise. */
  sounds: Record<string, string>;
}

const text = (value: unknown, max: number) => readString(value, max, { trim: true });
const url = (value: unknown) => readString(value, 2000, { pattern: SAFE_URL });
const SOUND_NAME = /^[A-Za-z0-9_-]{1,40}$/;

function teamInfo(value: unknown): TeamInfo {
  if (!isRecord(value)) return { name: null, school: null, debaters: [] };
  // Over 8 debaters is not a team we know how to show: none rather than a cut list.
  const debaters =
    Array.isArray(value.debaters) && value.debaters.length <= 8
      ? value.debaters.map((name) => readString(name, 40) ?? '')
      : [];
  return { name: text(value.name, 80) || null, school: text(value.school, 80) || null, debaters };
}

/** Custom sounds: every name and address must be acceptable, or none is used. */
function sounds(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  const entries = Object.entries(value);
  const valid = entries.every(([name, address]) => SOUND_NAME.test(name) && url(address) !== undefined);
  return valid ? (Object.fromEntries(entries) as Record<string, string>) : {};
}

/** Reads the display's settings out of `timer.settings`, with defaults for everything missing. */
export function readDisplaySettings(settings: Record<string, unknown> | null | undefined): DisplaySettings {
  const data = isRecord(settings) ? settings : {};
  const teams = isRecord(data.teams) ? data.teams : {};
  const display = isRecord(data.display) ? data.display : {};
  const audio = isRecord(data.audio) ? data.audio : {};
  return {
    topic: text(data.topic, 300) || null,
    logoUrl: url(data.logoUrl) ?? null,
    teams: { aff: teamInfo(teams.aff), neg: teamInfo(teams.neg) },
    skin: resolveSkin(data.skin),
    tenths: typeof display.tenths === 'boolean' ? display.tenths : true,
    flashAtZero: display.flashAtZero === true,
    volume: readNumber(audio.volume, 0, 1) ?? 1,
    sounds: sounds(audio.sounds),
  };
}
