import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AnyRouter } from '@trpc/server';
import {
  getErrorShape,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import { TRPC_HTTP_MAX_BATCH } from '@bianshi/shared';
import { HubError } from '../lib/errors';
import { toTRPCError } from '../trpc/init';
import { LM } from './messages';
import { bodyTooLargeMessage, trpcBodyLimit } from '../trpc/body-limit';

/** Commands per client address (tRPC, the HTTP API, uploads): 60 every 3 s. */
export const COMMAND_LIMIT = { name: 'commands', points: 60, durationS: 3 } as const;
/** Timers and lobbies created per client address: 20 every 20 s. */
export const CREATE_LIMIT = { name: 'creates', points: 20, durationS: 20 } as const;
/**
 * Content queries (`/api/content/<collection>`) per client address: 60 every 3 s. Each query's
 * work is bounded (MAX_QUERY_WORK), their number was not: one anonymous client answered 2 600 a
 * second held the hub at 76 % CPU and a console's p99 command latency at 7× its quiet value.
 */
export const CONTENT_QUERY_LIMIT = { name: 'content-queries', points: 60, durationS: 3 } as const;
/**
 * Characters of import files (topics, schools: CSV or JSON) one address may have checked or
 * imported per minute: 4 million, a 2 MB file checked and imported, twice. Parsing is linear
 * but not free: a 1 MB hostile CSV (all quotes) took 0.5–0.8 s of the event loop on a loaded
 * machine, and the public import check had no limit at all.
 */
export const IMPORT_CHARS_LIMIT = { name: 'import-chars', points: 4_000_000, durationS: 60 } as const;

export { bodyLimitLabel, TRPC_HTTP_MAX_BODY_BYTES, trpcBodyLimit } from '../trpc/body-limit';
/** Most calls in one batched tRPC HTTP request (the client's batch link splits at the same number). */
export const TRPC_HTTP_MAX_BATCH_CALLS = TRPC_HTTP_MAX_BATCH;

/** The procedures a tRPC HTTP address names (`a.b,c.d` after `/api/trpc/`). */
export function trpcProcedures(url: URL): string {
  return url.pathname.replace(/^\/api\/trpc\/?/, '');
}

/**
 * What a tRPC HTTP request may not be: a body declared larger than its limit (1 MB, or the
 * larger one of a procedure of TRPC_HTTP_LARGE_BODIES sent alone), or a batch of more calls
 * than the limit. Checked from the headers and the URL alone, before a byte of the body is
 * read. (tRPC's own `maxBodySize` still stops a body sent without a length, chunk by chunk.)
 */
export function trpcRequestRefusal(req: IncomingMessage, url: URL): HubError | null {
  const declared = Number(req.headers['content-length']);
  const maxBytes = trpcBodyLimit(trpcProcedures(url));
  if (Number.isFinite(declared) && declared > maxBytes) {
    return new HubError('PAYLOAD_TOO_LARGE', bodyTooLargeMessage(maxBytes), 'body-too-large', {
      maxBytes,
    });
  }
  if (url.searchParams.get('batch') === '1') {
    const calls = trpcProcedures(url).split(',').length;
    if (calls > TRPC_HTTP_MAX_BATCH_CALLS) {
      return new HubError(
        'PAYLOAD_TOO_LARGE',
        LM.batchTooLarge(TRPC_HTTP_MAX_BATCH_CALLS),
        'batch-too-large',
        { maxCalls: TRPC_HTTP_MAX_BATCH_CALLS, calls },
      );
    }
  }
  return null;
}

/**
 * Answers a refused tRPC request the way tRPC answers a request it cannot start (one error
 * envelope, shaped by the router's error formatter, with the error's HTTP status), and closes
 * the connection rather than reading an unwanted body.
 */
export function sendTrpcRefusal(router: AnyRouter, res: ServerResponse, refusal: HubError): void {
  const shape = refusalShape(router, refusal);
  const body = JSON.stringify(transformTRPCResponse(router._def._config, { error: shape }));
  res.writeHead(shape.data.httpStatus, {
    'content-type': 'application/json',
    'cache-control': 'no-store',
    connection: 'close',
  });
  res.end(body);
}

/** A refusal shaped as tRPC shapes an error it raised before any procedure ran. */
export function refusalShape(router: AnyRouter, refusal: HubError, path?: string) {
  const error = getTRPCErrorFromUnknown(toTRPCError(refusal));
  return getErrorShape({
    config: router._def._config,
    error,
    type: 'unknown',
    path,
    input: undefined,
    ctx: undefined,
  });
}
