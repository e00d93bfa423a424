import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { guardedLookup, isPrivateAddress } from '../../lib/outbound';

/** How long one delivery attempt may take in all (connect, send, first answer). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_KEEP_CHARS = 500;

/** What one attempt came to: the receiver's status (null: no answer) and the start of its body or the error. */
export interface SendResult {
  status: number | null;
  response: string;
  durationMs: number;
}

/**
 * POSTs one signed delivery. Never throws: a refused address, a timeout or a reset is a result
 * with `status` null. Redirects are not followed (a receiver answers where it was registered).
 */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { allowPrivate: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const done = (status: number | null, response: string): SendResult => ({
    status,
    response: response.slice(0, WEBHOOK_RESPONSE_KEEP_CHARS),
    durationMs: Math.round(performance.now() - started),
  });
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return resolve(done(null, 'invalid url'));
    }
    const literal = target.hostname.replace(/^\[|\]$/g, '');
    if (!options.allowPrivate && isPrivateAddress(literal))
      return resolve(done(null, `private address refused: ${literal}`));
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Bianshi-Webhooks/1',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
        lookup: guardedLookup(options.allowPrivate),
        timeout: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          if (text.length < WEBHOOK_RESPONSE_KEEP_CHARS) text += chunk;
        });
        response.on('end', () => resolve(done(response.statusCode ?? null, text)));
        response.on('error', (error) => resolve(done(response.statusCode ?? null, error.message)));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(done(null, error.message)));
    request.end(body);
  });
}
