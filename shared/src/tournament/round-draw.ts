/**
 * Rounds drawn one at a time (Swiss tournaments): the kinds Bianshi draws itself, the
 * organizer's options, and what the round records about how it was drawn. The pairing itself
 * is the tab engine's (`./engine`).
 */
import { z } from 'zod';
import type { PullupRule } from './engine/swiss';

/** How a round is drawn (Tabbycat's draw types; Bianshi draws `random` and `power` itself). */
export type RoundDrawKind = 'random' | 'power' | 'roundRobin' | 'manual' | 'elimination';

/** Draw kinds of a round drawn on its own: at random, or power-paired on the standings. */
export const ROUND_DRAW_KINDS = ['random', 'power'] as const;
/** A kind of round Bianshi draws on its own. */
export type RoundDrawKindDrawn = (typeof ROUND_DRAW_KINDS)[number];

/** Pull-up rules, in the order the console offers them. */
export const PULLUP_RULES = [
  'top',
  'bottom',
  'random',
  'highestRanked',
  'lowestRanked',
] as const satisfies readonly PullupRule[];

/** A new preliminary round to be drawn when its turn comes. */
export const addRoundSchema = z.strictObject({
  drawKind: z.enum(ROUND_DRAW_KINDS, { error: '抽签方式只能是随机配对或实力配对' }),
  name: z.string().trim().max(40, { error: '轮次名称最多 40 个字符' }).optional(),
});
/** A round to add. */
export type AddRound = z.output<typeof addRoundSchema>;

/** Drawing one round: the pull-up rule (power pairing) and the seed (generated when absent). */
export const roundDrawSchema = z.strictObject({
  roundId: z.string().min(1).max(64),
  pullup: z.enum(PULLUP_RULES, { error: '上调规则无效' }).default('top'),
  seed: z.string().trim().min(1).max(64).optional(),
});
/** A round draw request. */
export type RoundDrawInput = z.output<typeof roundDrawSchema>;

/** How a round was drawn, recorded on it: anyone with the seed can replay the draw. */
export interface RoundDrawRecord {
  kind: RoundDrawKindDrawn;
  /** The pull-up rule (power pairing only). */
  pullup: PullupRule | null;
  seed: string;
  at: number;
  byName: string;
  /** Rooms that repeat an earlier meeting or put two teams of one institution together (unavoidable). */
  repeats: number;
  clashes: number;
}

/** Who is absent from a round (not checked in): left out of its draw and its panels. */
export interface RoundAbsent {
  teams: string[];
  judges: string[];
}

/** Marks the teams or the judges absent from a draft round (the whole list; the rest are present). */
export const roundAbsentSchema = z.strictObject({
  roundId: z.string().min(1).max(64),
  kind: z.enum(['teams', 'judges']),
  ids: z.array(z.string().min(1).max(64)).max(512),
});
/** A check-in change. */
export type RoundAbsentInput = z.output<typeof roundAbsentSchema>;
