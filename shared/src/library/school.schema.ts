/** Schools (学校/机构), teams and debaters as editors and imports write them. */
import { z } from 'zod';

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字符` });

/** A school or other institution. Global; deduplicated by normalized name + region. */
export const schoolInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: '学校名称不能为空' }).max(80, { error: '学校名称最多 80 个字符' }),
  shortName: text('简称', 30).default(''),
  /** 省/市, e.g. 上海 or 新加坡. */
  region: text('地区', 40).default(''),
  country: text('国家/地区', 40).default(''),
  aliases: z.array(z.string().trim().min(1).max(80)).max(20, { error: '最多 20 个别名' }).default([]),
  website: z
    .union([
      z.literal(''),
      z.url({ protocol: /^https?$/, error: '网址无效（应以 http:// 或 https:// 开头）' }).max(300),
    ])
    .default(''),
  logoUrl: z
    .union([
      z.literal(''),
      z
        .string()
        .max(300)
        .regex(/^(https:\/\/|\/uploads\/)/, { error: '标志地址必须以 https:// 或 /uploads/ 开头' }),
    ])
    .default(''),
});
/** A school as written. */
export type SchoolInput = z.output<typeof schoolInputSchema>;

/** A team of a school in one season, with its members by position (1 = 一辩). */
export const teamInputSchema = z.strictObject({
  schoolId: z.string().min(1).max(64),
  name: z.string().trim().min(1, { error: '队名不能为空' }).max(80, { error: '队名最多 80 个字符' }),
  season: z.string().trim().min(1, { error: '赛季不能为空' }).max(20, { error: '赛季最多 20 个字符' }),
  members: z
    .array(
      z.strictObject({
        name: z
          .string()
          .trim()
          .min(1, { error: '辩手姓名不能为空' })
          .max(40, { error: '辩手姓名最多 40 个字符' }),
        position: z.number().int().min(1).max(8),
      }),
    )
    .max(8, { error: '最多 8 位辩手' })
    .default([]),
});
/** A team as written. */
export type TeamInput = z.output<typeof teamInputSchema>;
