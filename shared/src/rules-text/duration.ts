/**
 * Durations as people write them in rules, on normalised text (see `normalizeRulesText`):
 * 3分30秒, 3分半, 3分30, 3.5分钟, 210秒, 3:30, 3'30", 半分钟, 4 minutes, 90 seconds, 7 min.
 */

/** One duration found in a piece of text, with where it was. */
export interface DurationMatch {
  readonly ms: number;
  readonly index: number;
  readonly length: number;
}

const MINUTE = String.raw`(?:分钟|分|minutes?|mins?\b|m\b)`;
const SECOND = String.raw`(?:秒钟|秒|seconds?|secs?\b|s\b)`;

/**
 * Ordered: the longest spellings first, so 3分30秒 is not read as 3分 + 30秒. A number starts
 * where a run of digits starts (`(?<!\d)`): a match inside a run can only fail where the run's
 * start failed, and trying each digit of a 20 000-digit run held the parser 4 s (quadratic).
 */
const PATTERNS: ReadonlyArray<{ regex: RegExp; toMs: (groups: RegExpExecArray) => number | null }> = [
  {
    // 3分30秒, 3分30, 3 min 30 s
    regex: new RegExp(String.raw`(?<!\d)(\d+)\s*${MINUTE}\s*(\d{1,2})\s*(?:${SECOND})?(?![\d:])`, 'giu'),
    toMs: (m) => (Number(m[2]) < 60 ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : null),
  },
  {
    // 3分半, 3分半钟
    regex: new RegExp(String.raw`(?<!\d)(\d+)\s*分半钟?`, 'gu'),
    toMs: (m) => (Number(m[1]) * 60 + 30) * 1000,
  },
  {
    // 3:30, 03:30, 3'30", 3'30
    regex: /(?<![\d:])(\d{1,2})\s*[:'](\d{2})"?(?![\d:])/gu,
    toMs: (m) => (Number(m[2]) < 60 ? (Number(m[1]) * 60 + Number(m[2])) * 1000 : null),
  },
  {
    // 半分钟
    regex: /半分钟/gu,
    toMs: () => 30_000,
  },
  {
    // 3.5分钟, 4分钟, 7 minutes, 7 min
    regex: new RegExp(String.raw`(?<!\d)(\d+(?:\.\d+)?)\s*${MINUTE}`, 'giu'),
    toMs: (m) => Math.round(Number(m[1]) * 60_000),
  },
  {
    // 210秒, 90 seconds, 30s
    regex: new RegExp(String.raw`(?<!\d)(\d+(?:\.\d+)?)\s*${SECOND}`, 'giu'),
    toMs: (m) => Math.round(Number(m[1]) * 1000),
  },
];

/** Every duration in `text`, left to right, none overlapping another. */
export function findDurations(text: string): DurationMatch[] {
  const found: DurationMatch[] = [];
  const taken: boolean[] = new Array<boolean>(text.length).fill(false);
  for (const { regex, toMs } of PATTERNS) {
    regex.lastIndex = 0;
    for (let match = regex.exec(text); match; match = regex.exec(text)) {
      const start = match.index;
      const end = start + match[0].length;
      if (taken.slice(start, end).some(Boolean)) continue;
      const ms = toMs(match);
      if (ms === null || ms <= 0) continue;
      for (let i = start; i < end; i += 1) taken[i] = true;
      found.push({ ms, index: start, length: match[0].length });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

/** The first duration in `text`, or null. */
export function parseDurationMs(text: string): number | null {
  return findDurations(text)[0]?.ms ?? null;
}
