import { inputIssuesOf, inputIssueText } from '@bianshi/shared';
import { z } from 'zod';
import { HubError } from '../lib/errors';

/**
 * Schemas of the management pages' settings sections, as stored in `timers.settings` and read
 * by the display (client/src/lib/display-settings/settings.ts and skin.ts):
 * `topic`, `logoUrl`, `skin`, `teams`, `display`, `audio`, plus `details` and `schedule`.
 * Upload URLs must name one of this timer's own uploads.
 */

/** Preset ids the display knows. */
export const SKIN_PRESET_IDS = ['light', 'dark', 'high-contrast', 'tournament-green'] as const;
/** Colour names a skin may override. */
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
] as const;

const cssColor = z
  .string()
  .max(64)
  .regex(/^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla)\([0-9.,%\s/+-]*\)|[a-zA-Z]{3,20})$/, {
    error: '颜色格式无效（例如 #1a2b3c）',
  });
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `最多 ${max} 个字符` });
const soundName = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: '铃声名称只能包含字母、数字、- 和 _' });

/** A URL path of one of `timerId`'s uploads with one of `exts`. */
function ownUpload(timerId: string, exts: readonly string[]) {
  const pattern = new RegExp(
    `^/uploads/${timerId.replace(/[^A-Za-z0-9_-]/g, '')}/[A-Za-z0-9_-]{8,64}\\.(${exts.join('|')})$`,
  );
  return z.string().max(300).regex(pattern, { error: '文件地址无效：请先上传到这个计时器' });
}

const team = z.strictObject({
  name: text(80).default(''),
  school: text(80).default(''),
  debaters: z.array(text(40)).max(8, { error: '最多 8 位辩手' }).default([]),
  /** Links to the library (hub/src/library), when picked from it. */
  teamId: z.string().max(64).nullable().optional(),
  schoolId: z.string().max(64).nullable().optional(),
});

/** The section schemas for one timer (upload URLs are checked against its id). */
export function sectionSchemas(timerId: string) {
  const image = ownUpload(timerId, ['png', 'jpg', 'webp', 'svg']);
  const sound = ownUpload(timerId, ['mp3', 'ogg', 'wav']);
  return {
    skin: z.strictObject({
      preset: z.enum(SKIN_PRESET_IDS),
      colors: z.partialRecord(z.enum(SKIN_COLOR_KEYS), cssColor).default({}),
      fontScale: z
        .number()
        .min(0.6, { error: '字体缩放最小 0.6' })
        .max(1.6, { error: '字体缩放最大 1.6' })
        .default(1),
      backgroundImageUrl: image.optional(),
    }),
    teams: z.strictObject({ aff: team, neg: team }),
    details: z.strictObject({
      topic: text(300).default(''),
      judges: z.array(text(40)).max(12, { error: '最多 12 位评委' }).default([]),
      venue: text(120).default(''),
      notes: text(2000).default(''),
    }),
    audio: z.strictObject({
      volume: z.number().min(0).max(1).default(1),
      /** Bell sound name (as used in the format) → uploaded sound. */
      sounds: z.record(soundName, sound).default({}),
      /** Every uploaded sound with its label, for the page's list. */
      library: z
        .array(
          z.strictObject({
            label: text(40),
            url: sound,
            durationMs: z.number().int().min(0).max(10_000),
            bytes: z.number().int().min(0),
          }),
        )
        .max(20, { error: '最多 20 个铃声文件' })
        .default([]),
    }),
    display: z.strictObject({ tenths: z.boolean().default(true), flashAtZero: z.boolean().default(false) }),
    logo: z.strictObject({ logoUrl: image.nullable() }),
  };
}

/** The settings sections a page may save. */
export const SETTINGS_SECTIONS = ['skin', 'teams', 'details', 'audio', 'display', 'logo'] as const;
/** A settings section. */
export type SettingsSection = (typeof SETTINGS_SECTIONS)[number];

/** One planned match on the schedule. */
export const scheduleEntrySchema = z.strictObject({
  title: text(80).default(''),
  /** Planned start, epoch ms, or null when not planned. */
  plannedAt: z.number().int().min(0).max(8_640_000_000_000_000).nullable().default(null),
});
/** A schedule entry. */
export type ScheduleEntry = z.output<typeof scheduleEntrySchema>;

/**
 * The `timers.settings` patch that saving `section` with `value` makes. `details` writes the
 * display's top-level `topic` too; `logo` writes `logoUrl` (null removes it).
 */
export function settingsPatch(
  section: SettingsSection,
  value: Record<string, unknown>,
): Record<string, unknown> {
  switch (section) {
    case 'details': {
      const { topic, ...rest } = value;
      return { topic: topic || null, details: rest };
    }
    case 'logo':
      return { logoUrl: value.logoUrl ?? null };
    case 'skin':
    case 'teams':
    case 'audio':
    case 'display':
      return { [section]: value };
  }
}

/**
 * Parses a section (zod words its issues in zh-CN hub-wide); throws BAD_REQUEST `settings-invalid`
 * naming the first offending field, with every issue's `field`, `reason` and message in its
 * details, so each field of the page shows its own error.
 */
export function parseSection<S extends z.ZodType>(schema: S, value: unknown, label: string): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = inputIssuesOf(parsed.error);
  throw new HubError('BAD_REQUEST', `${label}设置无效：${inputIssueText(issues[0])}`, 'settings-invalid', {
    field: issues[0]?.field ?? '',
    issues,
  });
}

/** zh-CN names of the sections, for messages. */
export const SECTION_LABELS: Record<SettingsSection, string> = {
  skin: '皮肤',
  teams: '队伍',
  details: '比赛信息',
  audio: '铃声',
  display: '显示',
  logo: '标志',
};
