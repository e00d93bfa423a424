import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import {
  AppError,
  MAX_QUERY_RETRIES,
  queryRetryDelayMs,
  shouldRetryQuery,
  statusOf,
  toAppError,
} from './errors';

/** A tRPC client error as the httpBatchLink produces it for a given status. */
function trpcError(httpStatus: number, code = 'INTERNAL_SERVER_ERROR'): TRPCClientError<never> {
  return TRPCClientError.from({
    error: { message: 'boom', code: -32603, data: { code, httpStatus } },
  } as never);
}

describe('statusOf', () => {
  it.each([
    [{ data: { httpStatus: 503 } }, 503],
    [{ meta: { response: { status: 429 } } }, 429],
    [{ status: 404 }, 404],
    [{ statusCode: 500 }, 500],
    [{ status: 'nope' }, 0],
    [null, 0],
    ['text', 0],
  ])('%j → %i', (error, status) => {
    expect(statusOf(error)).toBe(status);
  });
});

describe('toAppError', () => {
  it.each([
    [400, '请求内容有误，请检查后再试。'],
    [401, '请先登录后再继续。'],
    [404, '请求的内容不存在或已被删除。'],
    [429, '操作过于频繁，请稍后再试。'],
    [500, '服务器出错了，请稍后重试。'],
    [503, '服务暂时不可用，请稍后重试。'],
    [418, '请求失败（418），请检查后再试。'],
    [599, '服务器出错（599），请稍后重试。'],
  ])('maps HTTP %i to a Chinese message', (status, message) => {
    const error = toAppError(trpcError(status));
    expect(error).toBeInstanceOf(AppError);
    expect(error.kind).toBe('http');
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.detail).toBe('boom');
  });

  it('keeps the tRPC error code', () => {
    expect(toAppError(trpcError(404, 'NOT_FOUND')).code).toBe('NOT_FOUND');
  });

  it('maps a failed fetch to a network error', () => {
    const error = toAppError(
      new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') }),
    );
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
    expect(error.message).toBe('网络连接失败，请检查网络后重试。');
  });

  it('maps cancellation to aborted', () => {
    expect(toAppError(new DOMException('The operation was aborted.', 'AbortError')).kind).toBe('aborted');
  });

  it('maps anything else to unknown, and passes AppError through', () => {
    expect(toAppError(new Error('x')).kind).toBe('unknown');
    expect(toAppError(undefined).message).toBe('发生未知错误，请稍后重试。');
    const own = new AppError({ kind: 'http', status: 409 });
    expect(toAppError(own)).toBe(own);
    expect(own.statusText).toBe('数据冲突');
  });
});

describe('shouldRetryQuery', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries %i', (status) => {
    expect(shouldRetryQuery(0, trpcError(status))).toBe(true);
  });

  it.each([400, 401, 403, 404, 413, 422, 501])('does not retry %i', (status) => {
    expect(shouldRetryQuery(0, trpcError(status))).toBe(false);
  });

  it('retries network failures but not unknown errors or aborts', () => {
    expect(
      shouldRetryQuery(
        0,
        new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') }),
      ),
    ).toBe(true);
    expect(shouldRetryQuery(0, new Error('bug'))).toBe(false);
    expect(shouldRetryQuery(0, new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('is bounded', () => {
    expect(shouldRetryQuery(MAX_QUERY_RETRIES - 1, trpcError(503))).toBe(true);
    expect(shouldRetryQuery(MAX_QUERY_RETRIES, trpcError(503))).toBe(false);
  });

  it('backs off 1 s, 2 s, 4 s, capped at 10 s', () => {
    expect([0, 1, 2, 3, 10].map(queryRetryDelayMs)).toEqual([1000, 2000, 4000, 8000, 10_000]);
  });
});

describe('plan-limit refusals', () => {
  it('keep the hub message, which names the plan needed and /pricing', () => {
    const message =
      '当前方案（试用版）的「赛事大厅」上限为 2 个；需要教育版才能创建更多赛事大厅。详见 /pricing';
    const error = toAppError({ message, data: { httpStatus: 403, code: 'FORBIDDEN', reason: 'plan-limit' } });
    expect(error.message).toBe(message);
    expect(toAppError({ message: 'x', data: { httpStatus: 403, code: 'FORBIDDEN' } }).message).not.toBe('x');
  });
});
