/**
 * The format (赛制) as data: a versioned zod schema and the types inferred from it.
 * Shape only; cross-field rules (pool references, bell offsets inside the stage…) live in
 * `format-semantics.ts` and are applied by `validateFormat`.
 */
import { z } from 'zod';
import { FORMAT_MESSAGES as M } from './messages';

/** Bumped whenever the format JSON changes incompatibly. Exported files carry it. */
export const FORMAT_SCHEMA_VERSION = 1;

/** Longest duration anything in a format may have: 24 hours. */
export const MAX_DURATION_MS = 24 * 60 * 60 * 1000;

/** The two sides of a debate. `aff` is 正方 / Government / Affirmative, `neg` is 反方 / Opposition. */
export const SIDE_IDS = ['aff', 'neg'] as const;

/** A side id. */
export type SideId = (typeof SIDE_IDS)[number];

/** Stage kinds as a const object (not an enum). */
export const STAGE_KINDS = { single: 'single', dual: 'dual', prep: 'prep', none: 'none' } as const;

/** A base-type error: "missing" when the field is absent, `message` otherwise. */
const typeError = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? M.required : message;

/** Non-negative integer milliseconds, with the Chinese message the importer shows. */
const ms = () =>
  z
    .number({ error: typeError(M.nonNegativeInt) })
    .int({ error: M.nonNegativeInt })
    .min(0, { error: M.nonNegativeInt })
    .max(MAX_DURATION_MS, { error: M.tooBig(MAX_DURATION_MS) });

/** Positive integer milliseconds. */
const positiveMs = () =>
  z
    .number({ error: typeError(M.positiveInt) })
    .int({ error: M.positiveInt })
    .min(1, { error: M.positiveInt })
    .max(MAX_DURATION_MS, { error: M.tooBig(MAX_DURATION_MS) });

const text = (max: number) => z.string({ error: typeError(M.string) }).max(max, { error: M.tooLong(max) });
const label = (max: number) => text(max).min(1, { error: M.nonEmpty });

/** Stable ASCII id: lower-case letters, digits and hyphens. */
export const formatIdSchema = z
  .string({ error: typeError(M.string) })
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { error: M.badId });

/** A side id as a schema. */
export const sideIdSchema = z.enum(SIDE_IDS, { error: M.oneOf(SIDE_IDS) });

/** A sound name the client maps to an audio file (`bell`, `ding`, `gong`, custom uploads…). */
export const soundSchema = z
  .string({ error: typeError(M.string) })
  .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: M.badSound });

/** How many strikes a bell makes. */
const bellCount = () =>
  z
    .number({ error: typeError(M.positiveInt) })
    .int({ error: M.positiveInt })
    .min(1, { error: M.positiveInt })
    .max(10, { error: M.tooBig(10) });

/** A bell: `count` strikes at `offsetMs` from the start (elapsed) or before the end (remaining). */
export const bellSchema = z.strictObject({
  from: z.enum(['start', 'end'], { error: M.oneOf(['start', 'end']) }),
  offsetMs: ms(),
  count: bellCount(),
  sound: soundSchema.default('bell'),
});

/** Repeating overtime bells: the first `graceMs` after zero, then every `everyMs`. */
export const overtimeBellsSchema = z.strictObject({
  graceMs: ms(),
  everyMs: positiveMs(),
  count: bellCount(),
  sound: soundSchema.default('bell'),
});

/** One turn inside a capped stage, e.g. 攻辩 提问 ≤ 30 s. Turns cycle through the list. */
export const turnSchema = z.strictObject({
  label: label(40),
  capMs: positiveMs(),
});

/**
 * A per-turn cap inside a stage (攻辩: question ≤ 30 s, answer ≤ 60 s). Each start (and each side
 * switch) begins the next turn; at the cap the clock pauses (`pause`) or only signals (`signal`).
 */
export const turnCapSchema = z.strictObject({
  turns: z
    .array(turnSchema)
    .min(1, { error: M.tooFew(1) })
    .max(8, { error: M.tooMany(8) }),
  onCap: z.enum(['pause', 'signal'], { error: M.oneOf(['pause', 'signal']) }).default('pause'),
  bell: z.strictObject({ count: bellCount(), sound: soundSchema.default('bell') }).optional(),
});

/** The window for points of information (BP/WSDC protected time), for display only. */
export const poiSchema = z.strictObject({
  openFromMs: ms(),
  closeAtMs: ms(),
  maxMs: positiveMs().optional(),
});

const countDirection = () => z.enum(['down', 'up'], { error: M.oneOf(['down', 'up']) }).default('down');
const overtime = () =>
  z.enum(['continue', 'stop'], { error: M.oneOf(['continue', 'stop']) }).default('continue');
const bells = () =>
  z
    .array(bellSchema)
    .max(20, { error: M.tooMany(20) })
    .default([]);

const stageCommon = {
  name: label(80),
  nameEn: text(80).optional(),
  text: text(2000).optional(),
};

/** One speaker's clock (立论, 质询, PM…). `side` null is a neutral clock (缓冲时间, 评审点评). */
export const singleStageSchema = z.strictObject({
  kind: z.literal('single'),
  ...stageCommon,
  side: sideIdSchema.nullable(),
  speaker: z
    .number({ error: typeError(M.positiveInt) })
    .int({ error: M.positiveInt })
    .min(1, { error: M.positiveInt })
    .max(8, { error: M.tooBig(8) })
    .optional(),
  durationMs: ms().optional(),
  poolId: formatIdSchema.optional(),
  direction: countDirection(),
  overtime: overtime(),
  bells: bells(),
  overtimeBells: overtimeBellsSchema.optional(),
  turnCap: turnCapSchema.optional(),
  poi: poiSchema.optional(),
});

/** Two alternating clocks, one per side (自由辩论, 对辩). Only the speaking side runs. */
export const dualStageSchema = z.strictObject({
  kind: z.literal('dual'),
  ...stageCommon,
  durationMs: z.strictObject({ aff: ms(), neg: ms() }),
  firstSide: sideIdSchema.default('aff'),
  endBehaviour: z.enum(['relay', 'solo'], { error: M.oneOf(['relay', 'solo']) }).default('relay'),
  poolId: formatIdSchema.optional(),
  direction: countDirection(),
  overtime: z.enum(['continue', 'stop'], { error: M.oneOf(['continue', 'stop']) }).default('stop'),
  bells: bells(),
  overtimeBells: overtimeBellsSchema.optional(),
  turnCap: turnCapSchema.optional(),
});

/** Prep time drawn from a side's prep pool; may be drawn again in later prep stages. */
export const prepStageSchema = z.strictObject({
  kind: z.literal('prep'),
  ...stageCommon,
  poolId: formatIdSchema,
  sides: z
    .array(sideIdSchema)
    .min(1, { error: M.tooFew(1) })
    .max(2, { error: M.tooMany(2) })
    .default(['aff', 'neg']),
  firstSide: sideIdSchema.optional(),
  direction: countDirection(),
  bells: bells(),
});

/** No clock: cover, team introduction, sound check, results. Shows a title and text. */
export const noneStageSchema = z.strictObject({
  kind: z.literal('none'),
  ...stageCommon,
});

/** Any stage, discriminated by `kind`. */
export const stageSchema = z.discriminatedUnion(
  'kind',
  [singleStageSchema, dualStageSchema, prepStageSchema, noneStageSchema],
  {
    error: M.oneOf(Object.values(STAGE_KINDS)),
  },
);

/**
 * What a pool keeps for named stages (新国辩: 结辩至少保留 3:00): for each side, the other stages
 * drawing on the pool may use all of it but `ms`, less what that side's reserved stages have
 * already used. Stages are named by their `name`.
 */
export const poolReserveSchema = z.strictObject({
  ms: positiveMs(),
  stages: z
    .array(label(80))
    .min(1, { error: M.tooFew(1) })
    .max(8, { error: M.tooMany(8) }),
});

/** A team time pool: a shared speaking budget (新国辩) or prep time (Policy), per side. */
export const poolSchema = z.strictObject({
  id: formatIdSchema,
  name: label(40),
  kind: z.enum(['budget', 'prep'], { error: M.oneOf(['budget', 'prep']) }),
  totalMs: z.strictObject({ aff: ms(), neg: ms() }),
  reserve: poolReserveSchema.optional(),
});

/** A side's timeout allowance (暂停休整): how many and how long each. */
export const timeoutAllowanceSchema = z.strictObject({
  count: z
    .number({ error: typeError(M.nonNegativeInt) })
    .int({ error: M.nonNegativeInt })
    .min(0, { error: M.nonNegativeInt })
    .max(10, { error: M.tooBig(10) }),
  durationMs: positiveMs(),
});

const sideLabel = z.strictObject({ label: label(20), labelEn: text(40).optional() });

/** The whole format. */
export const formatSchema = z.strictObject({
  schemaVersion: z.literal(FORMAT_SCHEMA_VERSION, { error: M.schemaVersion(FORMAT_SCHEMA_VERSION) }),
  id: formatIdSchema,
  name: label(80),
  nameEn: text(120).optional(),
  description: text(2000).default(''),
  note: text(200).default('以当届官方规则为准'),
  tags: z.strictObject({
    language: z.enum(['zh', 'en'], { error: M.oneOf(['zh', 'en']) }),
    region: text(40).default(''),
    keywords: z
      .array(label(20))
      .max(10, { error: M.tooMany(10) })
      .default([]),
  }),
  sides: z
    .strictObject({ aff: sideLabel, neg: sideLabel })
    .default({ aff: { label: '正方' }, neg: { label: '反方' } }),
  pools: z
    .array(poolSchema)
    .max(8, { error: M.tooMany(8) })
    .default([]),
  timeouts: z.strictObject({ aff: timeoutAllowanceSchema, neg: timeoutAllowanceSchema }).optional(),
  stages: z
    .array(stageSchema)
    .min(1, { error: M.tooFew(1) })
    .max(200, { error: M.tooMany(200) }),
});

/** A validated format (defaults applied). */
export type Format = z.output<typeof formatSchema>;
/** What a format file may contain before defaults are applied. */
export type FormatInput = z.input<typeof formatSchema>;
/** Any stage. */
export type Stage = Format['stages'][number];
/** A stage of one kind. */
export type StageOfKind<K extends Stage['kind']> = Extract<Stage, { kind: K }>;
/** A bell definition. */
export type Bell = z.output<typeof bellSchema>;
/** Repeating overtime bells. */
export type OvertimeBells = z.output<typeof overtimeBellsSchema>;
/** A per-turn cap. */
export type TurnCap = z.output<typeof turnCapSchema>;
/** A team time pool. */
export type Pool = z.output<typeof poolSchema>;
/** What a pool keeps for named stages. */
export type PoolReserve = z.output<typeof poolReserveSchema>;
/** The display labels of the two sides. */
export type Sides = Format['sides'];
