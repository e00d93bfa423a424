/**
 * Rules text → format: the deterministic parser behind /create's "paste the rules" mode.
 *
 * Organisers paste a paragraph from a rules PDF or a group chat ("立论3分半，质询2分钟，自由辩论
 * 每方4分钟，剩余30秒提示"). The parser reads it clause by clause: durations in every common
 * spelling, speakers (正方一辩…四辩, 正一, English roles), activities (立论, 质询, 盘问, 攻辩, 自由辩论,
 * 总结陈词, 准备时间…), bells, timeouts, shared budgets and prep pools. Every source line comes back
 * with what became of it, so the editor can highlight the lines it did not understand; nothing is
 * guessed silently, and the result is checked against the format schema before anyone sees it.
 */
import { validateFormat, type FormatParseResult } from '../formats/format-json';
import type { FormatInput, SideId } from '../formats/format.schema';
import { findDurations, type DurationMatch } from './duration';
import { normalizeRulesText, speakerNumeral } from './normalize';
import * as V from './vocabulary';

type StageInput = FormatInput['stages'][number];
type BellInput = { from: 'start' | 'end'; offsetMs: number; count: number; sound?: string };

/** What became of one source line. `unknown` lines had numbers or stage words but gave nothing. */
export type RulesLineStatus = 'stages' | 'setting' | 'ignored' | 'unknown';

/** One line of the pasted text and the stages it produced. */
export interface RulesLine {
  readonly line: number;
  readonly text: string;
  readonly status: RulesLineStatus;
  readonly stageIndexes: readonly number[];
}

/** The parse: a format ready for the editor, its validation, and the line-by-line account. */
export interface RulesParse {
  readonly format: FormatInput;
  readonly validation: FormatParseResult;
  readonly lines: readonly RulesLine[];
  readonly language: 'zh' | 'en';
}

/** Options: the id and fallback name of the format to build. */
export interface RulesParseOptions {
  readonly id?: string;
  readonly name?: string;
}

/** Longest rules text accepted (characters). */
export const MAX_RULES_TEXT_CHARS = 20_000;

const CN_DEFAULT_BELLS: BellInput[] = [
  { from: 'end', offsetMs: 30_000, count: 1, sound: 'bell' },
  { from: 'end', offsetMs: 0, count: 2, sound: 'bell' },
];

const SIDE_LABEL: Record<SideId, string> = { aff: '正方', neg: '反方' };

interface Mention {
  readonly side: SideId | 'both' | null;
  readonly speaker: number | null;
  readonly index: number;
  readonly length: number;
}

interface PlannedStage {
  readonly stage: StageInput;
  readonly line: number;
}

interface Settings {
  bells: BellInput[] | null;
  budgetMs: number | null;
  prepMs: number | null;
  timeouts: { count: number; durationMs: number } | null;
  turnCap: { questionMs: number; answerMs: number } | null;
  title: string | null;
}

/** Parses pasted rules text into a format. Never throws; an empty text gives an empty stage list. */
export function parseRulesText(text: string, options: RulesParseOptions = {}): RulesParse {
  const rawLines = text.slice(0, MAX_RULES_TEXT_CHARS).split(/\r?\n/u);
  const normalized = rawLines.map((line) => stripListMarker(normalizeRulesText(line).trim()));
  const whole = normalized.join('\n');
  const language: 'zh' | 'en' = (whole.match(/[\u4e00-\u9fff]/gu)?.length ?? 0) >= 4 ? 'zh' : 'en';
  const settings: Settings = {
    bells: null,
    budgetMs: null,
    prepMs: null,
    timeouts: null,
    turnCap: null,
    title: null,
  };

  const status: RulesLineStatus[] = normalized.map(() => 'ignored');
  const planned: PlannedStage[] = [];
  const hasBudget = splitClauses(whole).some(
    (clause) => V.BUDGET_WORDS.test(clause) && findDurations(clause).length > 0,
  );

  let carry: { text: string; lines: number[] } | null = null;
  let lastActivity = '';

  normalized.forEach((line, lineIndex) => {
    if (line === '') return;
    if (
      planned.length === 0 &&
      settings.title === null &&
      findDurations(line).length === 0 &&
      V.TITLE_WORDS.test(line) &&
      line.length <= 60
    ) {
      settings.title = line.replace(/[:：]\s*$/u, '');
      status[lineIndex] = 'setting';
      return;
    }
    const clauses = mergeClauses(splitClauses(line, language), language);
    for (const clause of clauses) {
      const outcome = readClause(clause, lineIndex);
      if (outcome !== 'ignored') mark(lineIndex, outcome);
    }
    // A head without its duration waits for the next line only when it is the whole line
    // ("自由辩论" / "每方4分钟"); a dangling piece of a longer line was not understood.
    if (carry !== null && clauses.length > 1 && carry.lines[carry.lines.length - 1] === lineIndex) {
      for (const waiting of carry.lines) mark(waiting, 'unknown');
      carry = null;
    }
  });
  if (carry !== null) for (const line of (carry as { lines: number[] }).lines) mark(line, 'unknown');

  function mark(lineIndex: number, next: RulesLineStatus): void {
    const rank: Record<RulesLineStatus, number> = { ignored: 0, setting: 1, stages: 2, unknown: 3 };
    if (rank[next] > rank[status[lineIndex]!]) status[lineIndex] = next;
  }

  /** Reads one clause; returns what it was. May keep it as `carry` for the next clause. */
  function readClause(clause: string, lineIndex: number): RulesLineStatus {
    let durations = findDurations(clause);
    if (durations.length === 0 && language === 'en') durations = bareMinutes(clause);

    if (V.BELL_WORDS.test(clause) && !V.DUAL_WORDS.some((word) => word.regex.test(clause))) {
      const bells = readBells(clause, durations, language);
      if (bells.length === 0) return 'unknown';
      settings.bells = [...(settings.bells ?? []), ...bells];
      return 'setting';
    }
    if (
      durations.length > 0 &&
      /不超过|不得超过|不多于|以内|上限|限时|\bcap\b|\bmax/iu.test(clause) &&
      /提问|回答|question|answer/iu.test(clause)
    ) {
      const question = /提问|question/iu.exec(clause);
      const answer = /回答|answer/iu.exec(clause);
      const cap = {
        questionMs: settings.turnCap?.questionMs ?? 0,
        answerMs: settings.turnCap?.answerMs ?? 0,
      };
      durations.forEach((duration, i) => {
        const forAnswer =
          answer !== null &&
          (question === null ||
            (durations.length > 1
              ? i === 1
              : answer.index < duration.index && (question.index > answer.index || i > 0)));
        if (forAnswer) cap.answerMs = duration.ms;
        else cap.questionMs = duration.ms;
      });
      settings.turnCap = cap;
      return 'setting';
    }
    if (durations.length === 0 && V.ORDER_ONLY.test(clause)) {
      const first: SideId =
        V.NEG_FIRST_WORDS.test(clause) || /反方|negative|opposition/iu.test(clause) ? 'neg' : 'aff';
      return applyOrder(first) ? 'setting' : 'unknown';
    }
    if (V.TIMEOUT_WORDS.test(clause)) {
      if (durations.length === 0) return 'unknown';
      const count = Number(/(?<!\d)(\d+)\s*次/u.exec(clause)?.[1] ?? 1);
      settings.timeouts = { count: Math.min(Math.max(count, 1), 10), durationMs: durations[0]!.ms };
      return 'setting';
    }
    if (V.BUDGET_WORDS.test(clause) && durations.length > 0) {
      settings.budgetMs = durations[0]!.ms;
      return 'setting';
    }
    if (V.PREP_WORDS.test(clause) && durations.length > 0 && !hasActivity(clause)) {
      if (V.BOTH_WORDS.test(clause) || language === 'en') {
        settings.prepMs = durations[0]!.ms;
        return 'setting';
      }
      return addStages(
        [{ kind: 'single', name: '准备时间', side: null, durationMs: durations[0]!.ms }],
        lineIndex,
      );
    }

    const ownStage = hasActivity(clause) || speakerMentions(clause).length > 0;
    const dualWord =
      V.DUAL_WORDS.find((word) => word.regex.test(clause)) ??
      (carry && !ownStage ? V.DUAL_WORDS.find((word) => word.regex.test(carry!.text)) : undefined);
    if (dualWord) {
      const text = carry ? `${carry.text} ${clause}` : clause;
      const found = findDurations(text);
      if (found.length === 0) {
        carry = { text, lines: [...(carry?.lines ?? []), lineIndex] };
        return 'stages';
      }
      const halve = V.TOTAL_WORDS.test(text) && !V.EACH_WORDS.test(text);
      let affMs = halve ? Math.round(found[0]!.ms / 2) : found[0]!.ms;
      let negMs = affMs;
      if (found.length >= 2 && !halve) {
        // 正方4分钟，反方3分钟: each duration belongs to the side named just before it.
        const sideBefore = (index: number) => {
          const before = text.slice(0, index);
          return Math.max(before.lastIndexOf('反方'), before.search(/negative|opposition/iu)) >
            before.lastIndexOf('正方')
            ? 'neg'
            : 'aff';
        };
        for (const duration of found.slice(0, 2)) {
          if (sideBefore(duration.index) === 'neg') negMs = duration.ms;
          else affMs = duration.ms;
        }
      }
      const speaker = /(\d)\s*辩\s*(?:对辩|对决)/u.exec(text)?.[1];
      const name =
        speaker && dualWord.endBehaviour === 'solo'
          ? `${speakerNumeral(Number(speaker))}辩${dualWord.name}`
          : dualWord.name;
      const firstSide: SideId = V.NEG_FIRST_WORDS.test(text) || /反方先/u.test(text) ? 'neg' : 'aff';
      const lines = [...(carry?.lines ?? []), lineIndex];
      carry = null;
      return addStages(
        [
          {
            kind: 'dual',
            name,
            durationMs: { aff: affMs, neg: negMs },
            firstSide,
            endBehaviour: dualWord.endBehaviour,
            overtime: 'stop',
          },
        ],
        ...lines,
      );
    }

    const speechLike =
      hasActivity(clause) ||
      mentionsOf(clause).length > 0 ||
      V.NEUTRAL_WORDS.test(clause) ||
      (language === 'en' && /[A-Za-z]{2,}/u.test(clause));
    if (durations.length === 0) {
      if (hasBudget && speechLike && mentionsOf(clause).length > 0)
        return addStages(speechStages(clause, [], true), lineIndex);
      if (speechLike && (hasActivity(clause) || speakerMentions(clause).length > 0 || language === 'en')) {
        carry = {
          text: carry ? `${carry.text} ${clause}` : clause,
          lines: [...(carry?.lines ?? []), lineIndex],
        };
        return 'stages';
      }
      return /\d/u.test(clause) ? 'unknown' : 'ignored';
    }
    const text = carry ? `${carry.text} ${clause}` : clause;
    const lines = [...(carry?.lines ?? []), lineIndex];
    carry = null;
    const shift = text.length - clause.length;
    const stages = speechStages(
      text,
      durations.map((d) => ({ ...d, index: d.index + shift })),
      false,
    );
    if (stages.length === 0) return 'unknown';
    return addStages(stages, ...lines);
  }

  /** Puts `first` first: in the last two-clock stage, or in the last pair of both sides' speeches. */
  function applyOrder(first: SideId): boolean {
    const last = planned[planned.length - 1];
    if (last === undefined) return false;
    if (last.stage.kind === 'dual') {
      planned[planned.length - 1] = { ...last, stage: { ...last.stage, firstSide: first } };
      return true;
    }
    const previous = planned[planned.length - 2];
    if (
      previous &&
      previous.stage.kind === 'single' &&
      last.stage.kind === 'single' &&
      previous.stage.side !== null &&
      last.stage.side !== null &&
      previous.stage.side !== last.stage.side
    ) {
      if (previous.stage.side !== first) {
        planned[planned.length - 2] = last;
        planned[planned.length - 1] = previous;
      }
      return true;
    }
    return false;
  }

  function addStages(stages: StageInput[], ...lines: number[]): RulesLineStatus {
    for (const stage of stages) planned.push({ stage, line: lines[lines.length - 1]! });
    for (const line of lines.slice(0, -1)) mark(line, 'stages');
    return 'stages';
  }

  /** The stages of a speech clause: who speaks, in which order, for how long, under what name. */
  function speechStages(text: string, durations: DurationMatch[], pooled: boolean): StageInput[] {
    const mentions = mentionsOf(text);
    // "攻辩：正方二辩、反方二辩…" — an activity used as a heading does not say who speaks.
    const heading = /^([^:\d]{1,12}):/u.exec(text);
    const afterHeading =
      heading && mentions.some((m) => m.index >= heading[0].length) ? heading[0].length : 0;
    const laterVerb = firstActivityIndex(text.slice(afterHeading));
    const verbIndex =
      afterHeading > 0 ? (laterVerb >= 0 ? laterVerb + afterHeading : -1) : firstActivityIndex(text);
    // "反方二辩质询正方一辩": who speaks comes before the activity, whom it targets after.
    let speakers = verbIndex >= 0 ? mentions.filter((m) => m.index < verbIndex) : mentions;
    if (speakers.length === 0) speakers = mentions;
    const rest = activityName(text, speakers, durations);
    const activity = rest !== '' ? rest : lastActivity;
    if (rest !== '') lastActivity = rest;

    type Slot = { side: SideId | null; speaker: number | null; expanded: boolean };
    let slots: Slot[] = [];
    if (speakers.length === 0) {
      if (V.NEUTRAL_WORDS.test(text) && !/\b(?:AC|NC)\b/u.test(text))
        slots = [{ side: null, speaker: null, expanded: false }];
      else if (language === 'en' && !V.EACH_WORDS.test(text)) {
        let side = englishSide(text);
        if (side === undefined && /\bCX\b|cross[-\s]*ex/iu.test(text)) {
          // A bare "CX" after a speech: the other side asks.
          const previous = [...planned]
            .reverse()
            .find((p) => p.stage.kind === 'single' && p.stage.side !== null)?.stage;
          if (previous?.kind === 'single' && previous.side !== null)
            side = previous.side === 'aff' ? 'neg' : 'aff';
        }
        slots = side === undefined ? bothSlots(null) : [{ side, speaker: null, expanded: false }];
      } else slots = bothSlots(null);
    } else {
      for (const mention of speakers) {
        if (mention.side === 'both' || mention.side === null) slots.push(...bothSlots(mention.speaker));
        else slots.push({ side: mention.side, speaker: mention.speaker, expanded: false });
      }
    }

    function bothSlots(speaker: number | null): Slot[] {
      const negFirst =
        V.NEG_FIRST_WORDS.test(text) || (V.NEG_FIRST_ACTIVITIES.test(text) && !V.AFF_FIRST_WORDS.test(text));
      const order: SideId[] = negFirst ? ['neg', 'aff'] : ['aff', 'neg'];
      return order.map((side) => ({ side, speaker, expanded: true }));
    }

    const perSlot = durations.length === slots.length && slots.length > 1;
    return slots.map((slot, i) => {
      const durationMs = perSlot ? durations[i]!.ms : durations[0]?.ms;
      const name = stageName(slot.side, slot.speaker, activity, language);
      const base = {
        kind: 'single' as const,
        name,
        side: slot.side,
        ...(slot.speaker !== null ? { speaker: slot.speaker } : {}),
      };
      if (pooled || durationMs === undefined) return { ...base, poolId: 'team', overtime: 'stop' as const };
      return { ...base, durationMs };
    });
  }

  const stages = finishStages(
    planned.map((p) => p.stage),
    settings,
    language,
    V.COUNT_UP_WORDS.test(whole),
  );
  const stageLines = new Map<number, number[]>();
  const finalIndexOf = indexMap(
    planned.map((p) => p.stage),
    stages,
  );
  planned.forEach((p, i) => {
    const list = stageLines.get(p.line) ?? [];
    list.push(finalIndexOf[i]!);
    stageLines.set(p.line, list);
  });

  const format: FormatInput = {
    schemaVersion: 1,
    id: options.id ?? 'custom-rules',
    name: settings.title ?? options.name ?? '自定义赛制',
    description: '由规则文字生成，请核对每个环节。',
    tags: { language, region: '', keywords: [] },
    pools: [
      ...(settings.budgetMs !== null
        ? [
            {
              id: 'team',
              name: '队伍总用时',
              kind: 'budget' as const,
              totalMs: { aff: settings.budgetMs, neg: settings.budgetMs },
            },
          ]
        : []),
      ...(settings.prepMs !== null
        ? [
            {
              id: 'prep',
              name: language === 'zh' ? '准备时间' : 'Prep time',
              kind: 'prep' as const,
              totalMs: { aff: settings.prepMs, neg: settings.prepMs },
            },
          ]
        : []),
    ],
    ...(settings.timeouts ? { timeouts: { aff: settings.timeouts, neg: settings.timeouts } } : {}),
    stages,
  };
  const lines: RulesLine[] = rawLines.map((raw, i) => ({
    line: i + 1,
    text: raw,
    status: status[i]!,
    stageIndexes: stageLines.get(i) ?? [],
  }));
  return { format, validation: validateFormat(format), lines, language };
}

/** Applies bells, count direction, turn caps and prep stages to the planned stages. */
function finishStages(
  planned: StageInput[],
  settings: Settings,
  language: 'zh' | 'en',
  countUp: boolean,
): StageInput[] {
  const bells = settings.bells ?? (language === 'zh' ? CN_DEFAULT_BELLS : []);
  const fit = (durationMs: number | undefined) =>
    bells
      .filter((bell) => (durationMs === undefined ? bell.from === 'end' : bell.offsetMs <= durationMs))
      .map((bell) => ({ sound: 'bell', ...bell }));
  const out: StageInput[] = [];
  let seenSpeech = false;
  for (const stage of planned) {
    if (stage.kind === 'single') {
      const isCx = /质询|盘问|cross|CX/iu.test(stage.name);
      if (settings.prepMs !== null && stage.side !== null && seenSpeech && !isCx) {
        out.push({
          kind: 'prep',
          name: language === 'zh' ? '准备时间' : 'Prep time',
          poolId: 'prep',
          sides: ['aff', 'neg'],
          firstSide: stage.side,
          bells: [],
        });
      }
      if (stage.side !== null) seenSpeech = true;
      const withCap =
        settings.turnCap && /攻辩(?!小结)/u.test(stage.name)
          ? {
              turnCap: {
                turns: [
                  { label: '提问', capMs: settings.turnCap.questionMs },
                  { label: '回答', capMs: settings.turnCap.answerMs },
                ],
                onCap: 'signal' as const,
              },
            }
          : {};
      out.push({
        ...stage,
        ...(countUp ? { direction: 'up' as const } : {}),
        overtime: stage.poolId !== undefined || language === 'zh' ? 'stop' : 'continue',
        bells: fit(stage.durationMs),
        ...withCap,
      });
    } else if (stage.kind === 'dual') {
      const shortest = Math.min(stage.durationMs.aff, stage.durationMs.neg);
      out.push({ ...stage, ...(countUp ? { direction: 'up' as const } : {}), bells: fit(shortest) });
    } else {
      out.push(stage);
    }
  }
  return out;
}

/** Where each planned stage ended up after prep stages were inserted. */
function indexMap(planned: readonly StageInput[], final: readonly StageInput[]): number[] {
  const map: number[] = [];
  let j = 0;
  for (const stage of planned) {
    while (j < final.length && final[j]!.name !== stage.name) j += 1;
    map.push(j);
    j += 1;
  }
  return map;
}

/** Bells from a clause such as 剩余30秒响铃一次 / 时间到响铃两次 / bells at 1:00 and 6:00. */
function readBells(clause: string, durations: DurationMatch[], language: 'zh' | 'en'): BellInput[] {
  const countWord = /(?<!\d)(\d+)\s*(?:声|下|次|响|遍)/u.exec(clause)?.[1];
  const english = /\bonce\b/iu.test(clause)
    ? 1
    : /\btwice\b|double/iu.test(clause)
      ? 2
      : /three\s*times|triple/iu.test(clause)
        ? 3
        : undefined;
  const explicit = countWord !== undefined ? Number(countWord) : english;
  const count = (fallback: number) => Math.min(Math.max(explicit ?? fallback, 1), 10);
  const bells: BellInput[] = [];
  const remaining = V.REMAINING_WORDS.test(clause);
  for (const duration of durations) {
    bells.push({ from: remaining ? 'end' : 'start', offsetMs: duration.ms, count: count(1) });
  }
  if (V.TIME_UP_WORDS.test(clause))
    bells.push({ from: 'end', offsetMs: 0, count: count(language === 'zh' ? 2 : 1) });
  return bells;
}

/** Side and speaker mentions: 正方一辩 (normalised 正方1辩), 正1, 双方二辩, 反方. */
function mentionsOf(text: string): Mention[] {
  const found: Mention[] = [];
  // Without a side word a mention starts where a run of spaces starts: tried inside the run
  // too, it read the run again from each space (quadratic).
  const regex =
    /(?:(正反双方|正反方|双方|正方|反方|甲方|乙方|正|反)|(?<!\s))\s*(\d)\s*辩(?:手)?(?!论|对辩)|(?<![\u4e00-\u9fff])(正|反)(\d)(?![\d辩分秒:])|(正反双方|正反方|双方|正方|反方|甲方|乙方)/gu;
  for (let match = regex.exec(text); match; match = regex.exec(text)) {
    const sideWord = match[1] ?? match[3] ?? match[5];
    const speakerDigit = match[2] ?? match[4];
    // "四辩对辩" names a dual stage, "辩论" is the word debate: neither is a speaker.
    if (match[2] !== undefined && /^\s*\d\s*辩对/u.test(match[0])) continue;
    // "反方四辩先" says who starts, not who speaks.
    if (/^\s*先/u.test(text.slice(match.index + match[0].length))) continue;
    found.push({
      side: sideOf(sideWord),
      speaker: speakerDigit !== undefined ? Number(speakerDigit) : null,
      index: match.index,
      length: match[0].length,
    });
  }
  return found;
}

function sideOf(word: string | undefined): SideId | 'both' | null {
  if (word === undefined) return null;
  if (word === '正') return 'aff';
  if (word === '反') return 'neg';
  const entry = V.SIDE_WORDS.find((candidate) => candidate.regex.test(word));
  return entry?.side ?? null;
}

function englishSide(text: string): SideId | null | undefined {
  // "Cross-examination of A1 by N3": the asker's side.
  const by = /\bby\s+(?:the\s+)?([A-Za-z0-9]+)/iu.exec(text);
  if (by) {
    const side = englishSide(by[1]!);
    if (side) return side;
  }
  let best: { side: SideId | null; index: number } | undefined;
  for (const role of V.ENGLISH_ROLES) {
    const match = role.regex.exec(text);
    if (match && (best === undefined || match.index < best.index))
      best = { side: role.side, index: match.index };
  }
  return best?.side;
}

function hasActivity(text: string): boolean {
  return firstActivityIndex(text) >= 0;
}

function firstActivityIndex(text: string): number {
  let first = -1;
  for (const word of V.ACTIVITY_WORDS) {
    const index = text.indexOf(word);
    if (index >= 0 && (first < 0 || index < first)) first = index;
  }
  return first;
}

/** The clause without who speaks, how long and filler words: 立论, 质询 正方一辩, Prime Minister. */
function activityName(text: string, speakers: readonly Mention[], durations: DurationMatch[]): string {
  const cut = [
    ...speakers.map((m) => ({ index: m.index, length: m.length, with: ' ' })),
    ...durations.map((d) => ({ index: d.index, length: d.length, with: ' ' })),
  ]
    .filter((piece) => piece.index >= 0 && piece.index < text.length)
    .sort((a, b) => b.index - a.index);
  let rest = text;
  for (const piece of cut)
    rest = rest.slice(0, piece.index) + piece.with + rest.slice(piece.index + piece.length);
  rest = rest
    .replace(
      /(正方|反方)\s*(\d)\s*辩(?:手)?/gu,
      (_, side: string, n: string) => ` ${side}${speakerNumeral(Number(n))}辩 `,
    )
    .replace(V.FILLER, ' ')
    .replace(/[:：、\-—–·•*()（）"'']/gu, ' ')
    .replace(/\b\d+(?:\.\d+)?\b/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return rest
    .replace(/^(?:and|和|与|及)\s+|\s+(?:and|和|与|及)$/iu, '')
    .trim()
    .slice(0, 60);
}

function stageName(
  side: SideId | null,
  speaker: number | null,
  activity: string,
  language: 'zh' | 'en',
): string {
  const label = activity !== '' ? activity : language === 'zh' ? '发言' : 'Speech';
  if (language === 'en' || side === null) return label;
  const who = `${SIDE_LABEL[side]}${speaker !== null ? `${speakerNumeral(speaker)}辩` : ''}`;
  return `${who} ${label}`;
}

/**
 * Splits a line into clauses at sentence and list punctuation; parentheses become their own
 * clause. English also splits at ". " and after a heading such as "Replies: …".
 */
function splitClauses(line: string, language: 'zh' | 'en' = 'zh'): string[] {
  const opened = line.replace(/[（(]([^（）()]*)[)）]/gu, (_, inner: string) =>
    /^\s*(?:\d?[A-Z]{1,3}|[A-Z][a-z]+)\s*$/u.test(inner) ? ` ${inner} ` : `，${inner}，`,
  );
  // ` then ` is tried where a run of spaces starts (`(?<![^\S\n])`): tried inside the run too, it
  // read the whole run again from each space (quadratic: 10 000 spaces held the parser 1.6 s).
  const pieces = opened.split(/[，,；;。!！?？\n]|(?<![^\S\n])\s+then\s+|然后|之后|随后|接着/u);
  if (language === 'zh') return pieces;
  return pieces
    .flatMap((piece) => piece.split(/\.(?=\s)|\.$/u))
    .flatMap((piece) => {
      // One way to match (no `.*\S.*`, quadratic on a long piece that a line terminator ends).
      const heading = /^([^:\d]+):([^\n\r\u2028\u2029]*)$/u.exec(piece);
      const body = heading?.[2]?.trim() ?? '';
      if (heading && body === '') return [piece];
      const ownSpeech = englishSide(body) !== undefined || V.NEUTRAL_WORDS.test(body);
      return heading && ownSpeech && isTimed(body, 'en') ? [body] : [piece];
    });
}

/** Mentions that name a speaker or one side (not "双方" alone). */
function speakerMentions(text: string): Mention[] {
  return mentionsOf(text).filter(
    (mention) => mention.speaker !== null || (mention.side !== null && mention.side !== 'both'),
  );
}

/**
 * Joins clauses that belong together: a head and its duration ("自由辩论" + "每方4分钟",
 * "技术暂停" + "时长1分钟"), and a two-clock stage with its qualifiers ("正方先发言", "反方3分钟").
 */
function mergeClauses(clauses: readonly string[], language: 'zh' | 'en'): string[] {
  const out: string[] = [];
  for (const raw of clauses) {
    const clause = raw.trim();
    if (clause === '') continue;
    const previous = out[out.length - 1];
    if (previous !== undefined) {
      const hasOwn =
        !V.ORDER_ONLY.test(clause) &&
        (hasActivity(clause) || mentionsOf(clause).some((m) => m.speaker !== null));
      const previousDual = V.DUAL_WORDS.some((word) => word.regex.test(previous));
      if (previousDual && !hasOwn && !V.BELL_WORDS.test(clause)) {
        out[out.length - 1] = `${previous} ${clause}`;
        continue;
      }
      if (
        !isTimed(previous, language) &&
        isTimed(clause, language) &&
        !hasOwn &&
        speakerMentions(clause).length === 0 &&
        !V.BELL_WORDS.test(previous)
      ) {
        out[out.length - 1] = `${previous} ${clause}`;
        continue;
      }
    }
    out.push(clause);
  }
  return out;
}

/** "1.", "2、", "(3)", "第4环节：", "- " at the start of a line. */
function stripListMarker(line: string): string {
  return line.replace(
    /^\s*(?:[-*•·]\s*|[（(]\d+[)）]\s*|\d+\s*[.)、．](?!\d)\s*|第\d+\s*(?:环节|阶段|项|轮)\s*[:：、.]?\s*)/u,
    '',
  );
}

/** Whether a clause says how long: any duration, or an English bare number of minutes. */
function isTimed(clause: string, language: 'zh' | 'en'): boolean {
  return findDurations(clause).length > 0 || (language === 'en' && bareMinutes(clause.trim()).length > 0);
}

/** English lists often give minutes as a bare number: "1AC 8", "Crossfire 3". */
function bareMinutes(clause: string): DurationMatch[] {
  // What `/^(.*[A-Za-z].*?)\s+(\d+(?:\.\d+)?)\s*$/u` read, found from the end in one pass (that
  // pattern backtracks quadratically on a long clause): the last word is the number, the
  // words before it (with a Latin letter, not ending in a digit) name the speech.
  const isSpace = (at: number) => /\s/u.test(clause[at]!);
  let end = clause.length;
  while (end > 0 && isSpace(end - 1)) end -= 1;
  let start = end;
  while (start > 0 && !isSpace(start - 1)) start -= 1;
  let head = start;
  while (head > 0 && isSpace(head - 1)) head -= 1;
  if (head === start || head === 0) return [];
  const name = clause.slice(0, head);
  if (
    !/^\d+(?:\.\d+)?$/u.test(clause.slice(start, end)) ||
    !/[A-Za-z]/u.test(name) ||
    /[\n\r\u2028\u2029]/u.test(name) ||
    /\d$/u.test(name)
  )
    return [];
  const value = Number(clause.slice(start, end));
  if (!(value > 0 && value <= 60)) return [];
  return [{ ms: Math.round(value * 60_000), index: head, length: clause.length - head }];
}
