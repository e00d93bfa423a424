/**
 * /ai/ccf: a case outline (立论框架) for one side of a motion, as the provider must return it and
 * as the page edits it, and the template the page starts from when there is no provider.
 */
import { z } from 'zod';
import type { SideId } from '../formats/index';

const line = z.string().trim().min(1, { error: '不能为空' }).max(300, { error: '每条最多 300 个字' });
const lines = (max: number) => z.array(line).max(max, { error: `最多 ${max} 条` });

/** One argument (论点) with its supporting points (论据/分论点). */
export const outlineArgumentSchema = z.strictObject({
  claim: line,
  points: lines(8).default([]),
});

/** A case skeleton for one side: 定义, 判准, 论点, likely clashes, questions for 质询. */
export const caseOutlineSchema = z.strictObject({
  definitions: lines(8).default([]),
  criteria: lines(6).default([]),
  arguments: z
    .array(outlineArgumentSchema)
    .min(1, { error: '至少要有一个论点' })
    .max(6, { error: '最多 6 个论点' }),
  clashes: lines(10).default([]),
  questions: lines(12).default([]),
});

/** A case outline (defaults applied). */
export type CaseOutline = z.output<typeof caseOutlineSchema>;
/** What the provider may return before defaults. */
export type CaseOutlineInput = z.input<typeof caseOutlineSchema>;

/** The topic the outline is for: its wording, side, and what the library knows of it. */
export interface OutlineTopic {
  text: string;
  side: SideId;
  /** The side's own wording when the two sides' motions differ (人性本善 / 人性本恶). */
  sideText?: string;
  type?: 'policy' | 'value' | 'fact' | null;
  tags?: readonly string[];
}

/** zh-CN names of the sides, as the outline speaks of them. */
export const OUTLINE_SIDE_NAMES: Record<SideId, string> = { aff: '正方', neg: '反方' };

/** The headings of an outline's parts, in order. */
export const OUTLINE_HEADINGS = {
  definitions: '定义',
  criteria: '判准',
  arguments: '论点',
  clashes: '可能的交锋',
  questions: '质询问题',
} as const;

/**
 * The outline without a provider: each part holds prompts to fill in, worded for the motion
 * type and seeded from the topic's tags (one prompt per tag where a tag suggests a line).
 */
export function outlineTemplate(topic: OutlineTopic): CaseOutline {
  const stance = topic.sideText?.trim() || `${OUTLINE_SIDE_NAMES[topic.side]}：${topic.text.trim()}`;
  const tags = (topic.tags ?? [])
    .map((tag) => tag.trim())
    .filter(Boolean)
    .slice(0, 4);
  const criterion =
    topic.type === 'policy'
      ? '【待填】判准：这项政策的利弊如何比较？（必要性、可行性、利大于弊）'
      : topic.type === 'fact'
        ? '【待填】判准：在什么证据下，这个判断成立？'
        : '【待填】判准：用什么价值衡量双方立场，为什么是它？';
  return {
    definitions: [
      `【待填】辩题关键词的定义（${stance}）`,
      ...tags.map((tag) => `【待填】「${tag}」在本题中指什么，边界在哪里？`),
    ],
    criteria: [criterion],
    arguments: [1, 2, 3].map((n) => ({
      claim: `【待填】论点${n}：一句话说出为什么${OUTLINE_SIDE_NAMES[topic.side]}成立`,
      points: [
        n <= tags.length ? `【待填】从「${tags[n - 1]}」的角度举一个事实或数据` : '【待填】事实或数据',
        '【待填】推理：这个事实如何支持论点',
      ],
    })),
    clashes: ['【待填】对方最可能的核心论点，我方如何回应', '【待填】双方对定义或判准的分歧'],
    questions: [
      '【待填】让对方承认我方判准的问题',
      '【待填】暴露对方论证漏洞的问题',
      '【待填】追问对方举证的问题',
    ],
  };
}

/** The outline as Markdown-like plain lines (copying, and the text the provider sees when revising). */
export function outlineText(topic: Pick<OutlineTopic, 'text' | 'side'>, outline: CaseOutline): string {
  const out = [`# ${OUTLINE_SIDE_NAMES[topic.side]}：${topic.text}`];
  const list = (title: string, items: readonly string[]) => {
    out.push('', `## ${title}`, ...items.map((item) => `- ${item}`));
  };
  list(OUTLINE_HEADINGS.definitions, outline.definitions);
  list(OUTLINE_HEADINGS.criteria, outline.criteria);
  out.push('', `## ${OUTLINE_HEADINGS.arguments}`);
  outline.arguments.forEach((argument, index) => {
    out.push(`${index + 1}. ${argument.claim}`, ...argument.points.map((point) => `   - ${point}`));
  });
  list(OUTLINE_HEADINGS.clashes, outline.clashes);
  list(OUTLINE_HEADINGS.questions, outline.questions);
  return out.join('\n');
}
