/**
 * Response and parameter schemas of `/api/v1` for its OpenAPI document. The request bodies are
 * the schemas the handlers validate with (`createBody` in transport/api-v1.ts, the shared
 * `commandSchema`, `formatSchema`); what the hub answers is described here, beside them.
 */
import {
  commandSchema,
  formatSchema,
  isHubOnlyCommand,
  overlayCommandSchema,
  timerReadingSchema,
} from '@bianshi/shared';
import { z } from 'zod';
import 'zod-openapi';

/** The error envelope every refusal uses. */
export const apiErrorSchema = z
  .object({
    error: z.object({
      code: z.string().meta({ description: '如 `BAD_REQUEST`、`TOO_MANY_REQUESTS`' }),
      reason: z
        .string()
        .nullable()
        .meta({ description: '机器可读的原因，如 `rate-limited`、`control-key-wrong`' }),
      message: z.string().meta({ description: '中文说明，可以直接显示给用户' }),
      details: z.unknown().optional(),
    }),
  })
  .meta({ id: 'ApiError' });

export const timerIdParam = z
  .string()
  .min(1)
  .max(64)
  .meta({ description: '计时器 id 或短 id', example: 'x7k2m9' });

/** What creating a timer returns. */
export const createdTimerSchema = z
  .object({
    id: z.string(),
    shortid: z.string(),
    matchId: z.string(),
    controlKey: z.string().meta({ description: '控制密钥，只返回这一次（服务器只保存它的哈希）' }),
    viewKey: z.string().nullable().meta({ description: '私有计时器的观看密钥；公开计时器为 null' }),
    urls: z.object({
      display: z.string().meta({ description: '大屏链接' }),
      manage: z.string().meta({ description: '控制台链接（不含密钥，本身不授予权限）' }),
      short: z.string(),
      control: z.string().meta({ description: '带控制密钥的控制台链接' }),
    }),
  })
  .meta({ id: 'CreatedTimer' });

/** The raw match state (`MatchState` in shared/src/timer/match-state.ts). */
export const matchStateSchema = z
  .object({
    version: z.int(),
    stageIndex: z.int(),
    status: z.enum(['ready', 'running', 'paused', 'finished']),
  })
  .loose()
  .meta({
    id: 'MatchState',
    description:
      '比赛的原始状态：每个钟 `{budgetMs, usedMs, runningSince}`，剩余 = budgetMs − usedMs − (服务器当前时间 − runningSince)。一般用 `reading` 即可；结构见源码 shared/src/timer/match-state.ts。',
  });

/** What reading a timer returns. */
export const timerViewSchema = z
  .object({
    id: z.string(),
    shortid: z.string(),
    name: z.string(),
    matchId: z.string(),
    serverNow: z.int().meta({ description: '服务器时间（Unix 毫秒）' }),
    reading: timerReadingSchema,
    state: matchStateSchema,
  })
  .meta({ id: 'Timer' });

/** What a command returns. */
export const commandResultSchema = z
  .object({
    version: z.int(),
    state: matchStateSchema,
    reading: timerReadingSchema.optional(),
  })
  .meta({ id: 'CommandResult' });

/** What a command may carry besides itself. */
export const commandExtrasSchema = z.object({
  expectedVersion: z
    .int()
    .min(0)
    .optional()
    .meta({ description: '只有比赛仍在这个版本时才执行，否则返回 409' }),
  matchId: z.string().min(1).max(64).optional().meta({ description: '指定比赛；默认为计时器的当前比赛' }),
});

/** The data of one Server-Sent Event (`snapshot` or `change`). */
export const feedEventSchema = z
  .object({
    kind: z.enum(['snapshot', 'change', 'timer']).meta({
      description:
        '`snapshot` 当前状态（连接后第一条、换场）；`change` 命令或到时；`timer` 队名、辩题等设置变化',
    }),
    timerId: z.string(),
    matchId: z.string(),
    reading: timerReadingSchema,
    events: z.array(z.object({ type: z.string(), at: z.int() }).loose()).meta({
      description:
        '这次变化里发生的事：`bell` 响铃、`clockStarted`、`clockExpired`、`stageChanged`、`matchFinished`……',
    }),
  })
  .meta({ id: 'FeedEvent' });

export const formatsSchema = z.object({ formats: z.array(formatSchema.meta({ id: 'Format' })) });

/** An untyped library answer (topics, schools, records): described in words, kept open for additions. */
export const libraryAnswerSchema = z.object({}).loose();

type CommandOption = (typeof commandSchema.options)[number];

/** True for a command option the hub issues itself and the API refuses: `expire`, `setFormat`. */
function reserved(option: CommandOption): boolean {
  return 'shape' in option && isHubOnlyCommand({ type: option.shape.type.value });
}

/** The overlay actions a client may send: all but showing a result (the record's result sheet fills it). */
const clientOverlaySchema = z.discriminatedUnion(
  'action',
  overlayCommandSchema.options.filter(
    (option) => !isHubOnlyCommand({ type: 'overlay', action: option.shape.action.value }),
  ) as unknown as [
    (typeof overlayCommandSchema.options)[number],
    ...(typeof overlayCommandSchema.options)[number][],
  ],
);

/**
 * The commands a client may send: the shared `commandSchema` without what only the hub issues
 * (`expire` from its scheduler, `setFormat` from `timer.setFormat`, a shown result from the
 * record), which the API refuses.
 */
export const clientCommandSchema = z.discriminatedUnion(
  'type',
  commandSchema.options
    .filter((option) => !reserved(option))
    .map((option) => (option === overlayCommandSchema ? clientOverlaySchema : option)) as unknown as [
    CommandOption,
    ...CommandOption[],
  ],
);
