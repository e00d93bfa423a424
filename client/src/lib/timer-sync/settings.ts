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
 *   display?: { tenths?: boolean },                   // tenths in the last 10 s, default true
 *   audio?: { volume?: number /* 0–1 *\/, sounds?: Record<soundName, url> },
 * }
 * ```
 */
import type { SideId } from '@bianshi/shared';
import { z } from 'zod';
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
  /** Bell volume 0–1. */
  volume: number;
  /** Custom bell sounds: sound name → URL (uploads); built-ins are used otherwise. */
  sounds: Record<string, string>;
}

const text = (max: number) => z.string().trim().max(max).optional().catch(undefined);
const url = z.string().max(2000).regex(/^(https?:\/\/|\/)[^\s"'()\\]*$/).optional().catch(undefined);
const team = z
  .object({ name: text(80), school: text(80), debaters: z.array(z.string().max(40).catch('')).max(8).optional().catch(undefined) })
  .optional()
  .catch(undefined);

const settingsSchema = z.object({
  topic: text(300),
  logoUrl: url,
  skin: z.unknown().optional(),
  teams: z.object({ aff: team, neg: team }).optional().catch(undefined),
  display: z.object({ tenths: z.boolean().optional().catch(undefined) }).optional().catch(undefined),
  audio: z
    .object({
      volume: z.number().min(0).max(1).optional().catch(undefined),
      sounds: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,40}$/), z.string().max(2000).regex(/^(https?:\/\/|\/)[^\s"'()\\]*$/)).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
});

function teamInfo(value: z.infer<typeof team>): TeamInfo {
  return { name: value?.name || null, school: value?.school || null, debaters: value?.debaters ?? [] };
}

/** Reads the display's settings out of `timer.settings`, with defaults for everything missing. */
export function readDisplaySettings(settings: Record<string, unknown> | null | undefined): DisplaySettings {
  const parsed = settingsSchema.safeParse(settings ?? {});
  const data = parsed.success ? parsed.data : {};
  return {
    topic: data.topic || null,
    logoUrl: data.logoUrl ?? null,
    teams: { aff: teamInfo(data.teams?.aff), neg: teamInfo(data.teams?.neg) },
    skin: resolveSkin(data.skin),
    tenths: data.display?.tenths ?? true,
    volume: data.audio?.volume ?? 1,
    sounds: data.audio?.sounds ?? {},
  };
}
