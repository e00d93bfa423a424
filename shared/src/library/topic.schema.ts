/**
 * Topics (辩题) and topic groups (辩题合集): what they hold and the limits every input
 * (tRPC, CSV/JSON import, the HTTP API) checks, with zh-CN messages.
 */
import { z } from 'zod';

/** Motion types. */
export const TOPIC_TYPES = ['policy', 'value', 'fact'] as const;
/** A motion type. */
export type TopicType = (typeof TOPIC_TYPES)[number];
/** zh-CN names of the motion types (also accepted on import). */
export const TOPIC_TYPE_LABELS: Record<TopicType, string> = { policy: '政策', value: '价值', fact: '事实' };

/** Languages a topic can be in. */
export const TOPIC_LANGUAGES = ['zh', 'en'] as const;

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字符` });

/** Where a motion was debated. Every field is optional: only what is known, never invented. */
export const topicSourceSchema = z.strictObject({
  tournament: text('赛事', 120).default(''),
  round: text('轮次', 60).default(''),
  year: z
    .number({ error: '年份必须是数字' })
    .int({ error: '年份必须是整数' })
    .min(1900, { error: '年份不能早于 1900' })
    .max(2100, { error: '年份不能晚于 2100' })
    .nullable()
    .default(null),
});
/** A topic's source. */
export type TopicSource = z.output<typeof topicSourceSchema>;

/** One topic as an editor writes it. */
export const topicInputSchema = z.strictObject({
  text: z.string().trim().min(1, { error: '辩题不能为空' }).max(300, { error: '辩题最多 300 个字符' }),
  /** 正方/反方 wording when the two sides' motions differ (人性本善 / 人性本恶). */
  affText: text('正方持方', 300).default(''),
  negText: text('反方持方', 300).default(''),
  type: z.enum(TOPIC_TYPES, { error: '类型只能是 政策、价值 或 事实' }).nullable().default(null),
  tags: z
    .array(z.string().trim().min(1).max(20, { error: '每个标签最多 20 个字符' }))
    .max(10, { error: '最多 10 个标签' })
    .default([]),
  language: z.enum(TOPIC_LANGUAGES, { error: '语言只能是 zh 或 en' }).default('zh'),
  source: topicSourceSchema.default({ tournament: '', round: '', year: null }),
  notes: text('备注', 2000).default(''),
  infoSlide: text('背景资料', 2000).default(''),
});
/** A topic as an editor writes it (defaults applied). */
export type TopicInput = z.output<typeof topicInputSchema>;

/** One topic group as an editor writes it. */
export const topicGroupInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: '合集名称不能为空' }).max(80, { error: '合集名称最多 80 个字符' }),
  description: text('简介', 1000).default(''),
  /** `tournament`, `season` or `theme`. */
  kind: z
    .enum(['tournament', 'season', 'theme'], { error: '合集类型只能是 tournament、season 或 theme' })
    .default('theme'),
  year: z.number().int().min(1900).max(2100).nullable().default(null),
});
/** A topic group as an editor writes it. */
export type TopicGroupInput = z.output<typeof topicGroupInputSchema>;
