import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  RateLimitError,
} from 'openai';
import { aiConfigured, type Config } from '../lib/config';
import { HubError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import { AI } from './messages';

/** One message of a chat. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What a chat turn may be asked to do. */
export interface ChatOptions {
  /** The caller's cancel (the browser unsubscribed): stops the provider request. */
  signal: AbortSignal;
  /** What the request is for, in logs (`ask`, `rules`, `outline`). */
  purpose: string;
  temperature?: number;
}

/** A chat model behind an OpenAI-compatible API. */
export interface AiProvider {
  readonly model: string;
  /**
   * Streams the answer's text as it arrives. Ends quietly when `signal` aborts; throws a HubError
   * with a zh-CN message when the provider is down, busy, refuses, or runs past the timeout.
   */
  chat(messages: ChatMessage[], options: ChatOptions): AsyncGenerator<string>;
}

/**
 * The provider of AI_BASE_URL / AI_API_KEY / AI_MODEL through the `openai` client library, or
 * null when none is configured. One request may take AI_TIMEOUT_S in all, stream included; the
 * library does not retry (a busy provider is reported at once, with its retry-after).
 */
export function createProvider(config: Config, logger: Logger): AiProvider | null {
  if (!aiConfigured(config)) return null;
  const timeoutMs = config.AI_TIMEOUT_S * 1000;
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL!,
    // Local servers (llama.cpp, vLLM) take any key; the library insists on one.
    apiKey: config.AI_API_KEY ?? 'none',
    maxRetries: 0,
    timeout: timeoutMs,
  });
  const model = config.AI_MODEL!;
  return {
    model,
    async *chat(messages, { signal, purpose, temperature = 0.3 }) {
      const deadline = new AbortController();
      const timer = setTimeout(() => deadline.abort(), timeoutMs);
      const started = Date.now();
      let chars = 0;
      let answer = '';
      if (config.AI_LOG) logger.info('ai prompt', { purpose, model, messages });
      try {
        const stream = await client.chat.completions.create(
          { model, messages, stream: true, temperature },
          { signal: AbortSignal.any([signal, deadline.signal]) },
        );
        for await (const chunk of stream) {
          const text = chunk.choices[0]?.delta?.content ?? '';
          if (!text) continue;
          chars += text.length;
          if (config.AI_LOG) answer += text;
          yield text;
        }
        // The library ends a stream quietly when its signal aborts: a deadline passed, or a cancel.
        if (deadline.signal.aborted && !signal.aborted) throw new APIUserAbortError();
        logger.info('ai request', { purpose, model, outcome: 'ok', chars, ms: Date.now() - started });
        if (config.AI_LOG) logger.info('ai answer', { purpose, answer });
      } catch (error) {
        if (signal.aborted) {
          logger.info('ai request', {
            purpose,
            model,
            outcome: 'cancelled',
            chars,
            ms: Date.now() - started,
          });
          return;
        }
        const failure = providerError(error, deadline.signal.aborted, config.AI_TIMEOUT_S);
        logger.warn('ai request', {
          purpose,
          model,
          outcome: failure.reason,
          status: error instanceof APIError ? error.status : undefined,
          ms: Date.now() - started,
        });
        throw failure;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** The hub error for a failed provider request. */
export function providerError(error: unknown, timedOut: boolean, timeoutS: number): HubError {
  if (timedOut || error instanceof APIConnectionTimeoutError)
    return new HubError('SERVICE_UNAVAILABLE', AI.timeout(timeoutS), 'ai-timeout');
  if (error instanceof APIUserAbortError)
    return new HubError('SERVICE_UNAVAILABLE', AI.timeout(timeoutS), 'ai-timeout');
  if (error instanceof RateLimitError) {
    const after = Number(error.headers?.get('retry-after'));
    return new HubError(
      'SERVICE_UNAVAILABLE',
      AI.providerBusy(Number.isFinite(after) && after > 0 ? Math.ceil(after) : null),
      'ai-provider-busy',
      {
        retryAfterS: Number.isFinite(after) ? after : null,
      },
    );
  }
  if (error instanceof APIConnectionError)
    return new HubError('SERVICE_UNAVAILABLE', AI.providerDown, 'ai-provider-down');
  if (error instanceof APIError && error.status !== undefined) {
    if (error.status >= 500) return new HubError('SERVICE_UNAVAILABLE', AI.providerDown, 'ai-provider-down');
    if ([400, 401, 403, 404, 422].includes(error.status))
      return new HubError('SERVICE_UNAVAILABLE', AI.providerRefused, 'ai-provider-refused');
  }
  return new HubError('SERVICE_UNAVAILABLE', AI.providerFailed, 'ai-provider-failed');
}
