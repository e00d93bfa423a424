import {
  caseOutlineSchema,
  checkFormatReply,
  checkJsonReply,
  formatSchema,
  outlineTemplate,
  parseRulesText,
  type AiMode,
  type AskEvent,
  type CaseOutline,
  type CheckedReply,
  type OutlineEvent,
  type OutlineTopic,
  type RulesEvent,
  type SideId,
} from '@bianshi/shared';
import { desc, eq, sql, and } from 'drizzle-orm';
import { z } from 'zod';
import type { EntitlementService } from '../commerce/entitlements.service';
import type { Db } from '../db/database';
import type { Clock } from '../lib/clock';
import type { Config } from '../lib/config';
import { HubError } from '../lib/errors';
import type { RateLimiter } from '../lib/rate-limit';
import { supportContact, type SupportContact } from '../lib/support';
import type { YjsModule } from '../yjs/yjs.module';
import { aiFeedback, aiUsage } from './ai.schema';
import { sectionsForPrompt, type DocsRetrieval } from './docs-retrieval';
import { AI } from './messages';
import { outlineUpdate } from './outline-doc';
import type { AiProvider, ChatMessage } from './provider';

/** Who asks: an account (its plan's quota) or a visitor (the installation's, per address). */
export interface AiCaller {
  userId: string | null;
  ip: string;
}

/** One earlier turn of the conversation the browser keeps. */
export interface AskTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** A case outline request: the topic typed or picked from the library, and the side. */
export interface OutlineRequest {
  topic: string;
  side: SideId;
  topicId?: string | undefined;
}

/** What the service needs of the library: a topic's facts, when a topic was picked. */
export type TopicLookup = (
  topicId: string,
) => Promise<{ text: string; affText: string; negText: string; type: OutlineTopic['type']; tags: string[] }>;

export interface AiServiceDependencies {
  db: Db;
  config: Config;
  clock: Clock;
  entitlements: EntitlementService;
  /** Requests per client address (AI_REQUESTS_PER_MINUTE), shared through Redis. */
  limiter: RateLimiter;
  provider: AiProvider | null;
  docs: DocsRetrieval;
  /** The workbench's documents (read when an outline is sent: the module is wired after this service). */
  yjs: () => YjsModule;
  topic: TopicLookup;
}

/** Earlier turns the provider sees, and how much of each. */
const HISTORY_TURNS = 6;
const HISTORY_CHARS = 1_500;
/** Progress events while a JSON answer streams: one per this many characters. */
const PROGRESS_STEP = 200;

/** The assistant's instructions; where it sends a question the docs cannot answer follows the configured support contact. */
function askSystem(contact: SupportContact | null): string {
  const where = contact ? [contact.url, contact.email].filter(Boolean).join(' 或 ') : null;
  return [
    '你是「辩时」（辩论比赛计时网站）的帮助助手。',
    '只根据下面编号的文档片段回答用户的问题，用简体中文，简洁、分点。',
    '每句话如果来自某个片段，在句末标注片段编号，例如 [1]。',
    '片段里没有的内容，不要编造；如果片段不能回答问题，就直接说「文档中没有相关说明」，' +
      (where
        ? `并请用户联系客服：${where}。`
        : '并请用户换个说法再问，或查看「使用文档」；本站没有提供人工客服，不要让用户联系客服。'),
  ].join('\n');
}

const RULES_SYSTEM = (schema: string) =>
  [
    '你把辩论比赛的规则文字转换成「辩时」的赛制 JSON。',
    '只输出一个 JSON 对象，不要任何解释。时长一律用毫秒（3分30秒 = 210000）。',
    '环节 kind：single（一人发言的计时，side 为 aff/neg/null），dual（双方交替计时，如自由辩论、对辩，durationMs 为 {aff, neg}），prep（准备时间，需要 poolId），none（不计时）。',
    '这个 JSON 必须符合下面的 JSON Schema：',
    schema,
  ].join('\n');

const OUTLINE_SYSTEM = (schema: string) =>
  [
    '你是辩论教练，为一方写立论框架（中文）。',
    '只输出一个 JSON 对象，不要任何解释，字段：definitions（定义）、criteria（判准）、arguments（论点，每个有 claim 和 points 支撑点）、clashes（可能的交锋）、questions（质询问题）。',
    '每条一句话，具体、可辩；论点 2 到 4 个。',
    '这个 JSON 必须符合下面的 JSON Schema：',
    schema,
  ].join('\n');

/**
 * The AI area: the docs assistant, rules text → format, and case outlines, each through the
 * configured provider when there is one and deterministic without. Every request is checked
 * for size and rate (per address) before anything runs; provider requests also count against
 * the plan's `aiRequestsPerDay`. Provider answers that must be JSON are checked by the same
 * schemas as user input and retried once with the errors.
 */
export class AiService {
  private schemas: { format: string; outline: string } | undefined;

  constructor(private readonly deps: AiServiceDependencies) {}

  /** `provider` when a provider is configured. */
  get mode(): AiMode {
    return this.deps.provider ? 'provider' : 'deterministic';
  }

  /** What the pages show: the mode, the input limit, and today's quota of the caller. */
  async status(caller: AiCaller) {
    const plan = await this.deps.entitlements.planOf(caller.userId);
    return {
      mode: this.mode,
      maxInputChars: this.deps.config.AI_MAX_INPUT_CHARS,
      quota: { limit: plan.limits.aiRequestsPerDay, used: await this.used(caller) },
    };
  }

  /** The assistant: the docs sections of a question, then (with a provider, when they cover it) an answer written from them. */
  async *ask(
    question: string,
    history: readonly AskTurn[],
    caller: AiCaller,
    signal: AbortSignal,
  ): AsyncGenerator<AskEvent> {
    await this.admit(question, caller);
    const retrieval = this.deps.docs.retrieve(question);
    const useProvider = this.deps.provider !== null && retrieval.covered;
    yield { type: 'sources', sources: retrieval.sources, covered: retrieval.covered, mode: this.mode };
    if (!useProvider) {
      yield { type: 'done', mode: this.mode, covered: retrieval.covered };
      return;
    }
    await this.spend(caller);
    const messages: ChatMessage[] = [
      {
        role: 'system',
        content: `${askSystem(supportContact(this.deps.config))}\n\n文档片段：\n${sectionsForPrompt(retrieval)}`,
      },
      ...history
        .slice(-HISTORY_TURNS)
        .map((turn) => ({ role: turn.role, content: turn.content.slice(0, HISTORY_CHARS) })),
      { role: 'user', content: question },
    ];
    for await (const text of this.deps.provider!.chat(messages, { signal, purpose: 'ask' }))
      yield { type: 'delta', text };
    if (!signal.aborted) yield { type: 'done', mode: 'provider', covered: true };
  }

  /**
   * Rules text → format through the provider, for what the deterministic parser could not read:
   * the provider sees the text, the parser's draft and the lines left over, and must return a
   * format that passes `validateFormat`; once more with the errors if not.
   */
  async *rules(text: string, caller: AiCaller, signal: AbortSignal): AsyncGenerator<RulesEvent> {
    await this.admit(text, caller);
    const provider = this.requireProvider();
    await this.spend(caller);
    const parsed = parseRulesText(text);
    const unknown = parsed.lines
      .filter((line) => line.status === 'unknown')
      .map((line) => `- 第 ${line.line} 行：${line.text}`);
    const messages: ChatMessage[] = [
      { role: 'system', content: RULES_SYSTEM(this.schemaTexts().format) },
      {
        role: 'user',
        content: [
          `规则文字：\n${text}`,
          `基础解析器得到的赛制（可能不完整，以规则文字为准）：\n${JSON.stringify(parsed.format)}`,
          unknown.length > 0 ? `基础解析器没能理解的行：\n${unknown.join('\n')}` : '',
          '请输出完整的赛制 JSON。',
        ]
          .filter(Boolean)
          .join('\n\n'),
      },
    ];
    const result = yield* this.checkedJson(provider, messages, 'rules', signal, checkFormatReply);
    if (result) yield { type: 'done', format: result.value, attempts: result.attempts };
  }

  /** A case outline: the template without a provider, else the provider's, checked and retried once. */
  async *outline(
    request: OutlineRequest,
    caller: AiCaller,
    signal: AbortSignal,
  ): AsyncGenerator<OutlineEvent> {
    await this.admit(request.topic, caller);
    const topic = await this.outlineTopic(request);
    const provider = this.deps.provider;
    if (!provider) {
      yield { type: 'done', outline: outlineTemplate(topic), mode: 'deterministic' };
      return;
    }
    await this.spend(caller);
    const facts = [
      `辩题：${topic.text}`,
      `持方：${topic.side === 'aff' ? '正方' : '反方'}${topic.sideText ? `（${topic.sideText}）` : ''}`,
      topic.type ? `辩题类型：${{ policy: '政策', value: '价值', fact: '事实' }[topic.type]}` : '',
      topic.tags && topic.tags.length > 0 ? `标签：${topic.tags.join('、')}` : '',
    ].filter(Boolean);
    const messages: ChatMessage[] = [
      { role: 'system', content: OUTLINE_SYSTEM(this.schemaTexts().outline) },
      { role: 'user', content: `${facts.join('\n')}\n\n请输出立论框架 JSON。` },
    ];
    const result = yield* this.checkedJson(provider, messages, 'outline', signal, (reply) =>
      checkJsonReply(reply, caseOutlineSchema),
    );
    if (result) yield { type: 'done', outline: result.value, mode: 'provider' };
  }

  /** Writes an outline into a new text document of a workbench project the caller may edit. */
  async sendOutline(
    input: { projectId: string; title: string; topic: string; side: SideId; outline: CaseOutline },
    userId: string,
  ) {
    const { workbench, registry } = this.deps.yjs();
    const document = await workbench.createDocument(
      input.projectId,
      { userId, inviteToken: null },
      { kind: 'text', title: input.title },
    );
    const room = await registry.open(document.id, document.projectId);
    await room.applyServerUpdate(outlineUpdate(input.topic, input.side, input.outline));
    registry.releaseIfIdle(document.id);
    return { projectId: document.projectId, documentId: document.id };
  }

  /** Keeps a thumbs up or down on an answer for the admins. */
  async feedback(
    input: { rating: 'up' | 'down'; question: string; answer: string; mode: AiMode; sources: string[] },
    caller: AiCaller,
  ): Promise<void> {
    if (!(await this.deps.limiter.take(`feedback:${caller.ip}`)))
      throw new HubError('TOO_MANY_REQUESTS', AI.rateLimited, 'rate-limited');
    await this.deps.db.insert(aiFeedback).values({ ...input, userId: caller.userId });
  }

  /** The latest feedback, newest first (admins). */
  async feedbackList(input: { rating?: 'up' | 'down' | undefined; limit: number }) {
    const rows = await this.deps.db
      .select()
      .from(aiFeedback)
      .where(input.rating ? eq(aiFeedback.rating, input.rating) : undefined)
      .orderBy(desc(aiFeedback.createdAt), desc(aiFeedback.id))
      .limit(input.limit);
    const [counts] = await this.deps.db
      .select({
        up: sql<number>`count(*) filter (where ${aiFeedback.rating} = 'up')`.mapWith(Number),
        down: sql<number>`count(*) filter (where ${aiFeedback.rating} = 'down')`.mapWith(Number),
      })
      .from(aiFeedback);
    return { rows, up: counts?.up ?? 0, down: counts?.down ?? 0 };
  }

  // ---------------------------------------------------------------------------------------

  private requireProvider(): AiProvider {
    if (!this.deps.provider) throw new HubError('SERVICE_UNAVAILABLE', AI.providerOff, 'ai-off');
    return this.deps.provider;
  }

  /** Size first (nothing is spent on a refused input), then the address's rate. */
  private async admit(input: string, caller: AiCaller): Promise<void> {
    if (input.trim() === '') throw new HubError('BAD_REQUEST', AI.empty, 'ai-empty');
    const max = this.deps.config.AI_MAX_INPUT_CHARS;
    if (input.length > max) throw new HubError('PAYLOAD_TOO_LARGE', AI.tooLong(max), 'ai-too-long', { max });
    if (!(await this.deps.limiter.take(caller.ip)))
      throw new HubError('TOO_MANY_REQUESTS', AI.rateLimited, 'rate-limited');
  }

  private subject(caller: AiCaller): { subject: string; day: string } {
    return {
      subject: caller.userId ? `user:${caller.userId}` : `ip:${caller.ip}`,
      day: new Date(this.deps.clock.now()).toISOString().slice(0, 10),
    };
  }

  private async used(caller: AiCaller): Promise<number> {
    const { subject, day } = this.subject(caller);
    const [row] = await this.deps.db
      .select({ requests: aiUsage.requests })
      .from(aiUsage)
      .where(and(eq(aiUsage.subject, subject), eq(aiUsage.day, day)));
    return row?.requests ?? 0;
  }

  /**
   * Counts one provider request against the plan's daily quota: counted first (so hubs racing
   * on one account cannot both take the last one), given back when the plan refuses it.
   */
  private async spend(caller: AiCaller): Promise<void> {
    const key = this.subject(caller);
    const [row] = await this.deps.db
      .insert(aiUsage)
      .values({ ...key, requests: 1 })
      .onConflictDoUpdate({
        target: [aiUsage.subject, aiUsage.day],
        set: { requests: sql`${aiUsage.requests} + 1` },
      })
      .returning({ requests: aiUsage.requests });
    try {
      await this.deps.entitlements.require(caller.userId, 'aiRequestsPerDay', (row?.requests ?? 1) - 1);
    } catch (error) {
      await this.deps.db
        .update(aiUsage)
        .set({ requests: sql`${aiUsage.requests} - 1` })
        .where(and(eq(aiUsage.subject, key.subject), eq(aiUsage.day, key.day)));
      throw error;
    }
  }

  /** One JSON answer: streamed (progress events), checked, retried once with the errors. */
  private async *checkedJson<T>(
    provider: AiProvider,
    messages: ChatMessage[],
    purpose: string,
    signal: AbortSignal,
    check: (reply: string) => CheckedReply<T>,
  ): AsyncGenerator<
    { type: 'progress'; chars: number; attempt: number } | { type: 'retry'; errors: string[] },
    { value: T; attempts: number } | null
  > {
    const attempts = 2;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let reply = '';
      let reported = 0;
      for await (const text of provider.chat(messages, { signal, purpose, temperature: 0 })) {
        reply += text;
        if (reply.length - reported >= PROGRESS_STEP) {
          reported = reply.length;
          yield { type: 'progress', chars: reply.length, attempt };
        }
      }
      if (signal.aborted) return null;
      const checked = check(reply);
      if (checked.ok) return { value: checked.value, attempts: attempt };
      if (attempt === attempts) break;
      yield { type: 'retry', errors: checked.errors };
      messages = [
        ...messages,
        { role: 'assistant', content: reply.slice(0, 20_000) },
        {
          role: 'user',
          content: `上面的 JSON 没有通过校验：\n${checked.errors.map((error) => `- ${error}`).join('\n')}\n请改正后只输出完整的 JSON。`,
        },
      ];
    }
    throw new HubError('SERVICE_UNAVAILABLE', AI.invalidReply(attempts), 'ai-invalid-reply');
  }

  private schemaTexts(): { format: string; outline: string } {
    this.schemas ??= {
      format: JSON.stringify(z.toJSONSchema(formatSchema, { io: 'input', unrepresentable: 'any' })),
      outline: JSON.stringify(z.toJSONSchema(caseOutlineSchema, { io: 'input' })),
    };
    return this.schemas;
  }

  private async outlineTopic(request: OutlineRequest): Promise<OutlineTopic> {
    if (!request.topicId) return { text: request.topic.trim(), side: request.side };
    const topic = await this.deps.topic(request.topicId);
    const sideText = request.side === 'aff' ? topic.affText : topic.negText;
    return {
      text: topic.text,
      side: request.side,
      type: topic.type,
      tags: topic.tags,
      ...(sideText ? { sideText } : {}),
    };
  }
}
