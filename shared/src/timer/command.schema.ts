/**
 * Commands: JSON-serializable intents, never state. Validated with zod at every boundary
 * (tRPC, HTTP API, offline replay) and handled by one exhaustive switch in the reducer.
 */
import { z } from 'zod';
import {
  MAX_DURATION_MS,
  formatIdSchema,
  formatSchema,
  sideIdSchema,
  soundSchema,
} from '../formats/format.schema';
import { TIMER_ERROR_MESSAGES } from './messages';

const durationMs = z.number().int().min(0).max(MAX_DURATION_MS);
/** Which clock of the current stage: by index, by side, or (neither) the active one. */
const clockTarget = { clock: z.number().int().min(0).max(7).optional(), side: sideIdSchema.optional() };

/**
 * A finished match's result as the display shows it (在大屏显示结果): the winner, 票型 and 最佳辩手
 * from the match record's result sheet, with the team names. The hub fills it in from the sheet
 * (`timer.showResult`); callers cannot send one themselves (see {@link isHubOnlyCommand}).
 */
export const shownResultSchema = z.strictObject({
  winner: sideIdSchema.nullable(),
  ballots: z
    .strictObject({ aff: z.number().int().min(0).max(99), neg: z.number().int().min(0).max(99) })
    .nullable(),
  bestDebater: z.string().max(40),
  teams: z.strictObject({ aff: z.string().max(80), neg: z.string().max(80) }),
});

/** A result shown on the display. */
export type ShownResult = z.output<typeof shownResultSchema>;

/** The overlay actions. `flash` needs no state: screens flash once per new `at`. */
export const overlayCommandSchema = z.discriminatedUnion('action', [
  z.strictObject({
    type: z.literal('overlay'),
    action: z.literal('message'),
    text: z.string().min(1).max(500),
  }),
  z.strictObject({
    type: z.literal('overlay'),
    action: z.literal('blackout'),
    on: z.boolean().default(true),
  }),
  z.strictObject({
    type: z.literal('overlay'),
    action: z.literal('flash'),
    colour: z
      .string()
      .regex(/^[a-z]{1,20}$|^#[0-9a-fA-F]{6}$/)
      .default('white'),
  }),
  z.strictObject({ type: z.literal('overlay'), action: z.literal('clear') }),
  /** Shows a finished match's result on the display (null hides it). Hub-only: see {@link isHubOnlyCommand}. */
  z.strictObject({
    type: z.literal('overlay'),
    action: z.literal('result'),
    result: shownResultSchema.nullable(),
  }),
]);

/** Every command, discriminated by `type`. */
export const commandSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start') }),
  z.strictObject({ type: z.literal('pause') }),
  z.strictObject({ type: z.literal('toggle') }),
  /** Dual/prep stages: make the other side's clock active (and running, if one was running). */
  z.strictObject({ type: z.literal('switchSide') }),
  z.strictObject({ type: z.literal('next') }),
  z.strictObject({ type: z.literal('prev') }),
  z.strictObject({ type: z.literal('goto'), stageIndex: z.number().int().min(0).max(1000) }),
  z.strictObject({ type: z.literal('resetStage') }),
  /** Gives the clock `deltaMs` more time (negative takes time away): used time changes by −deltaMs. */
  z.strictObject({
    type: z.literal('adjust'),
    deltaMs: z.number().int().min(-MAX_DURATION_MS).max(MAX_DURATION_MS),
    ...clockTarget,
  }),
  /** Sets a clock's budget, or with `poolId` (and `side`) a pool's total for that side. */
  z.strictObject({
    type: z.literal('setBudget'),
    budgetMs: durationMs,
    ...clockTarget,
    poolId: formatIdSchema.optional(),
  }),
  z.strictObject({
    type: z.literal('ringBell'),
    count: z.number().int().min(1).max(10).default(1),
    sound: soundSchema.default('bell'),
  }),
  z.strictObject({ type: z.literal('timeoutStart'), side: sideIdSchema }),
  z.strictObject({ type: z.literal('timeoutEnd') }),
  overlayCommandSchema,
  z.strictObject({ type: z.literal('finish') }),
  /**
   * Replaces the format of a match that has not begun (no clock has run, no timeout taken), so a
   * format edit reaches the screens before the first speech. Issued by the hub when the timer's
   * format is saved (`manage.setFormat`), never accepted from a console or the HTTP API.
   */
  z.strictObject({ type: z.literal('setFormat'), format: formatSchema }),
  /**
   * Takes back the last organizer command (撤销). The reducer keeps no history, so it refuses this
   * one; the hub plans it over the command log (`undo.ts`), and records replay it the same way.
   */
  z.strictObject({ type: z.literal('undo') }),
  /** Issued by the hub's scheduler at/after `nextDeadline`: processes everything due. Hub-only. */
  z.strictObject({ type: z.literal('expire') }),
]);

/** A validated command. */
export type Command = z.output<typeof commandSchema>;
/** A command as sent (defaults not yet applied). */
export type CommandInput = z.input<typeof commandSchema>;
/** The `type` tags of all commands. */
export type CommandType = Command['type'];
/** One command by tag. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;

/** Commands only the hub issues itself: refused from consoles, the HTTP API and offline replays. */
export const HUB_ONLY_COMMANDS: ReadonlySet<CommandType> = new Set(['setFormat']);

/** A command as consoles, the HTTP API and offline replays may send it: any but {@link HUB_ONLY_COMMANDS}. */
export const clientCommandSchema = commandSchema.refine((command) => !HUB_ONLY_COMMANDS.has(command.type), {
  error: TIMER_ERROR_MESSAGES['hub-only'],
  params: { reason: 'hub-only' },
});
/**
 * True for every command only the hub itself issues: {@link HUB_ONLY_COMMANDS} (refused already
 * when the input is parsed, reason `hub-only`), `expire` (its scheduler's) and showing a result
 * (filled in from the record's result sheet). Every outside input (tRPC, the HTTP API, offline
 * replay) passes through this one check, which refuses the last two with reason `command-reserved`.
 */
export function isHubOnlyCommand(command: Pick<Command, 'type'> & { action?: string }): boolean {
  return (
    HUB_ONLY_COMMANDS.has(command.type) ||
    command.type === 'expire' ||
    (command.type === 'overlay' && command.action === 'result')
  );
}

/** Validates unknown input (a socket message, an HTTP body) as a command. */
export function parseCommand(
  input: unknown,
): { ok: true; command: Command } | { ok: false; error: { code: 'invalid-command'; message: string } } {
  const parsed = commandSchema.safeParse(input);
  return parsed.success
    ? { ok: true, command: parsed.data }
    : { ok: false, error: { code: 'invalid-command', message: TIMER_ERROR_MESSAGES['invalid-command'] } };
}
