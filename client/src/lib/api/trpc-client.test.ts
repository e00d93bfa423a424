import { describe, expect, it } from 'vitest';
import { TRPC_HTTP_MAX_BATCH } from '@bianshi/shared';
import { splitBatch } from './trpc-client';

const subscribe = (id: number) => ({
  id,
  method: 'subscription',
  params: { path: 'timer.watch', input: { json: { timerId: `t${id}` } } },
});

describe('splitBatch', () => {
  it('leaves single messages, pings and batches within the ceiling alone', () => {
    const one = JSON.stringify(subscribe(1));
    const full = JSON.stringify(Array.from({ length: TRPC_HTTP_MAX_BATCH }, (_, i) => subscribe(i)));
    expect(splitBatch(one)).toEqual([one]);
    expect(splitBatch('PING')).toEqual(['PING']);
    expect(splitBatch(full)).toEqual([full]);
  });

  it('splits a larger batch into messages of at most the ceiling, in order', () => {
    const calls = Array.from({ length: TRPC_HTTP_MAX_BATCH * 2 + 3 }, (_, i) => subscribe(i));
    const messages = splitBatch(JSON.stringify(calls)).map((text) => JSON.parse(text) as unknown[]);
    expect(messages.map((message) => message.length)).toEqual([TRPC_HTTP_MAX_BATCH, TRPC_HTTP_MAX_BATCH, 3]);
    expect(messages.flat()).toEqual(calls);
  });
});
