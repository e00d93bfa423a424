/**
 * The words the rules parser recognises, in one place: stage activities, sides, qualifiers and
 * setting keywords, in Chinese and English. Regexes run on normalised text (digits, ASCII).
 */
import type { SideId } from '../formats/format.schema';

/** Two alternating clocks; `relay` lets the other side go on, `solo` stops each alone. */
export const DUAL_WORDS: ReadonlyArray<{ regex: RegExp; name: string; endBehaviour: 'relay' | 'solo' }> = [
  {
    regex: /自由辩论|自由辩|自由对辩|free\s*debate|open\s*debate/iu,
    name: '自由辩论',
    endBehaviour: 'relay',
  },
  { regex: /对辩|对决|grand\s*crossfire\s*\(dual\)/iu, name: '对辩', endBehaviour: 'solo' },
];

/** Speech activities, longest first (质询小结 before 质询). The English list keeps its own name. */
export const ACTIVITY_WORDS: readonly string[] = [
  '开篇陈词',
  '总结陈词',
  '质询小结',
  '盘问小结',
  '攻辩小结',
  '申论',
  '立论',
  '驳论',
  '陈词',
  '质询',
  '盘问',
  '攻辩',
  '答辩',
  '小结',
  '总结',
  '结辩',
  '陈述',
  '发言',
  '演讲',
];

/** Activities after which a Chinese convention puts 反方 first when both sides speak. */
export const NEG_FIRST_ACTIVITIES = /总结|结辩|closing|reply|summary\s*\(neg/iu;

/** Neutral clocks: no side speaks (点评, 缓冲, 休息…). */
export const NEUTRAL_WORDS =
  /点评|评委|评审|评议|主席|主持|缓冲|休息|中场|合议|计票|观众提问|judge|adjudicat|break|intermission|buffer|crossfire|grand\s*cross/iu;

/** Words that say "each side" / "both sides". */
export const BOTH_WORDS =
  /各|每方|每队|每边|双方|分别|正反方|正反双方|each\s*(?:side|team|speaker)?|both|per\s*(?:side|team)/iu;

/** Words that say the time is a total to halve between the sides. */
export const TOTAL_WORDS = /共计|总共|合计|一共|总计|共(?=\s*\d)|in\s*total|total/iu;

/** Words that say "each" (the time is per side, not a total). */
export const EACH_WORDS = /各|每方|每队|每边|每人|each|per\s*(?:side|team|speaker)/iu;

/** Explicit order. */
export const NEG_FIRST_WORDS =
  /反方(?:\d辩)?先|由反方开始|反方率先|opposition\s*first|negative\s*first|opp\s*first|neg\s*first/iu;
export const AFF_FIRST_WORDS =
  /正方(?:\d辩)?先|由正方开始|正方率先|government\s*first|affirmative\s*first|proposition\s*first|gov\s*first|aff\s*first/iu;

/** Bells and signals. */
export const BELL_WORDS = /铃|提示|响|敲|举牌|示意|bell|warning|signal|knock|rap|ding/iu;
/** "N seconds left" style: the bell counts from the end. */
export const REMAINING_WORDS = /剩余|剩下|还剩|最后|剩|前|left|remaining|before\s*the\s*end|to\s*go/iu;
/** "time is up" style: the bell at zero. */
export const TIME_UP_WORDS =
  /时间到|用时结束|时间结束|时间用完|用完|终止|到时|结束时|time'?s?\s*up|at\s*time|end\s*of|expires?|runs?\s*out/iu;

/** Timeouts (暂停休整). */
export const TIMEOUT_WORDS = /暂停|休整|技术暂停|timeout|time-out/iu;

/** Prep time. */
export const PREP_WORDS = /准备时间|准备|prep/iu;
/** A shared team budget (新国辩). */
export const BUDGET_WORDS = /共享|共用|总用时|总时间|总时长|时间池|shared|budget/iu;

/** Count-up clocks. */
export const COUNT_UP_WORDS = /正计时|顺计时|count\s*up/iu;

/** Title lines (no durations). */
export const TITLE_WORDS = /赛制|规则|流程|章程|format|rules|schedule/iu;

/** Side words in Chinese and English, with what they mean. */
export const SIDE_WORDS: ReadonlyArray<{ regex: RegExp; side: SideId | 'both' }> = [
  { regex: /正反双方|正反方|双方/u, side: 'both' },
  { regex: /正方|正(?=\d辩)|甲方/u, side: 'aff' },
  { regex: /反方|反(?=\d辩)|乙方/u, side: 'neg' },
];

/** English speech abbreviations and role names, with their side. */
export const ENGLISH_ROLES: ReadonlyArray<{ regex: RegExp; side: SideId | null }> = [
  {
    regex:
      /\b(?:A\d|1AC|2AC|1AR|2AR|AC|PMR|PM|DPM|MG|GW|gov(?:ernment)?\s*whip|member\s*of\s*government|prime\s*minister|deputy\s*prime|affirmative|aff|government|gov|proposition|prop|pro|first\s*speaker\s*a|speaker\s*a)\b/iu,
    side: 'aff',
  },
  {
    regex:
      /\b(?:N\d|1NC|2NC|1NR|2NR|NC|NR|LOR|LO|DLO|MO|OW|opp(?:osition)?\s*whip|member\s*of\s*opposition|leader\s*of\s*(?:the\s*)?opposition|deputy\s*leader|negative|neg|opposition|opp|con|speaker\s*b)\b/iu,
    side: 'neg',
  },
];

/** Filler removed when a stage name is made from a clause. */
export const FILLER =
  /各自|各|每方|每队|每边|每人|每位|分别|时间为|时间|用时|限时|为|发言时长|时长|共计|总共|合计|一共|总计|进行|环节|阶段|部分|钟|计时|均为|均|约|左右|双方|正反方|正反双方|\beach(?:\s*(?:side|team|speaker))?\b|\bper\s*(?:side|team|speaker)\b|\bfor\b|\bof\b|\bis\b|\bminutes?\b|\bmins?\b|\bseconds?\b|\bsecs?\b/giu;

/** A clause that only says who starts: 正方先发言, 由反方先开始, 反方四辩先, Opposition first. */
export const ORDER_ONLY =
  /^\s*(?:由\s*)?(?:正方|反方|正|反)(?:\s*\d\s*辩)?\s*(?:先|率先)\s*(?:发言|开始|进行|手)?\s*$|^\s*(?:the\s+)?(?:government|opposition|affirmative|negative|proposition|gov|opp|aff|neg)\s+(?:speaks\s+|goes\s+)?first\s*$/iu;
