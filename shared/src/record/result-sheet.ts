/**
 * The result sheet (成绩单) of a match record: what people decide, as opposed to the timing,
 * which always comes from the event log. Owners and editors of the timer may change it.
 */
import { z } from 'zod';
import { SIDE_IDS, type SideId } from '../formats/format.schema';
import { clockRows, type MatchRecord } from './match-record';

const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label}最多 ${max} 个字符` });

/** One side on the sheet: free text, optionally linked to the library (team, school, debaters). */
export const sheetTeamSchema = z.strictObject({
  name: text('队名', 80).default(''),
  school: text('学校', 80).default(''),
  teamId: z.string().max(64).nullable().default(null),
  schoolId: z.string().max(64).nullable().default(null),
  debaters: z.array(text('辩手', 40)).max(8, { error: '最多 8 位辩手' }).default([]),
});

/** A judge and the side they voted for (null: not recorded). */
export const sheetJudgeSchema = z.strictObject({
  name: z.string().trim().min(1, { error: '评委姓名不能为空' }).max(40, { error: '评委姓名最多 40 个字符' }),
  vote: z.enum(SIDE_IDS, { error: '投票只能是正方或反方' }).nullable().default(null),
});

/** The whole sheet. */
export const resultSheetSchema = z
  .strictObject({
    teams: z
      .strictObject({
        aff: sheetTeamSchema.default(sheetTeamSchema.parse({})),
        neg: sheetTeamSchema.default(sheetTeamSchema.parse({})),
      })
      .default({ aff: sheetTeamSchema.parse({}), neg: sheetTeamSchema.parse({}) }),
    topic: text('辩题', 300).default(''),
    topicId: z.string().max(64).nullable().default(null),
    judges: z.array(sheetJudgeSchema).max(15, { error: '最多 15 位评委' }).default([]),
    /** 票型 like 3:2, counted per side. */
    ballots: z
      .strictObject({ aff: z.number().int().min(0).max(99), neg: z.number().int().min(0).max(99) })
      .nullable()
      .default(null),
    winner: z.enum(SIDE_IDS, { error: '胜方只能是正方或反方' }).nullable().default(null),
    bestDebater: text('最佳辩手', 40).default(''),
    comments: text('评语', 4000).default(''),
  })
  .superRefine((sheet, ctx) => {
    if (sheet.ballots && sheet.winner && sheet.ballots.aff !== sheet.ballots.neg) {
      const byBallots: SideId = sheet.ballots.aff > sheet.ballots.neg ? 'aff' : 'neg';
      if (byBallots !== sheet.winner)
        ctx.addIssue({ code: 'custom', path: ['winner'], message: '胜方与票型不一致' });
    }
    const votes = sheet.judges.filter((judge) => judge.vote !== null);
    if (sheet.ballots && votes.length > 0) {
      const aff = votes.filter((judge) => judge.vote === 'aff').length;
      if (aff !== sheet.ballots.aff || votes.length - aff !== sheet.ballots.neg)
        ctx.addIssue({ code: 'custom', path: ['ballots'], message: '票型与评委投票不一致' });
    }
  });
/** A result sheet (defaults applied). */
export type ResultSheet = z.output<typeof resultSheetSchema>;
/** A result sheet as sent. */
export type ResultSheetInput = z.input<typeof resultSheetSchema>;

/** An empty sheet. */
export const EMPTY_RESULT_SHEET: ResultSheet = resultSheetSchema.parse({});

/** `3:2` from ballots, or '' when none. */
export function ballotsText(ballots: ResultSheet['ballots']): string {
  return ballots ? `${ballots.aff}:${ballots.neg}` : '';
}

/** One clock of one stage as the integrations API and exports list it. */
export interface RecordStageRow {
  index: number;
  name: string;
  side: SideId | null;
  allottedMs: number;
  usedMs: number;
  overtimeMs: number;
  pauses: number;
  bells: number;
}

/**
 * The record's stages flattened to one row per clock (stages without a clock are left out,
 * unless bells were rung on them: see `clockRows`).
 */
export function recordStageRows(record: MatchRecord): RecordStageRow[] {
  return record.stages.flatMap((stage) =>
    clockRows(stage).map((clock) => ({
      index: stage.stageIndex,
      name: stage.name,
      side: clock.side,
      allottedMs: clock.allottedMs,
      usedMs: clock.usedMs,
      overtimeMs: clock.overtimeMs,
      pauses: clock.pauses,
      bells: clock.bellsRung,
    })),
  );
}

/** Pauses of the whole match, as intervals on the timeline: when a clock was paused by the timekeeper and when the next clock started. */
export function pauseIntervals(
  record: MatchRecord,
): Array<{ stageIndex: number; fromAt: number; toAt: number | null }> {
  const out: Array<{ stageIndex: number; fromAt: number; toAt: number | null }> = [];
  let open: { stageIndex: number; fromAt: number } | null = null;
  for (const event of record.timeline) {
    if (event.type === 'clockPaused' && event.reason === 'command')
      open = { stageIndex: event.stageIndex, fromAt: event.at };
    else if (
      (event.type === 'clockStarted' || event.type === 'stageChanged' || event.type === 'matchFinished') &&
      open
    ) {
      out.push({ ...open, toAt: event.at });
      open = null;
    }
  }
  if (open) out.push({ ...open, toAt: null });
  return out;
}
