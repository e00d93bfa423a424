import { describe, expect, it } from 'vitest';
import { CallRate, countCalls, FloodedAddresses, WS_CALL_BURST, WS_CALLS_PER_SECOND } from './ws-limits';

describe('countCalls', () => {
  it.each<[string, string, number]>([
    ['one call', '{"id":1,"method":"query","params":{"path":"a","input":[1,2,3]}}', 1],
    ['a ping', 'PING', 1],
    ['an empty batch', ' [ ] ', 0],
    ['a batch of one', '[{"id":1}]', 1],
    ['a batch of three', '[{"id":1},{"id":2,"params":{"input":[1,2]}},{"id":3}]', 3],
    ['commas inside strings and nested values', '[{"a":"x,y],[z","b":[1,2,{"c":3}]},{"d":"\\",\\""}]', 2],
    ['scalars', '[1, 2, "three"]', 3],
    ['an unterminated batch (tRPC refuses the parse)', '[{"id":1},{"id":2', 2],
    ['leading whitespace', '\n\t [{"id":1},{"id":2}]', 2],
  ])('%s', (_name, text, calls) => {
    expect(countCalls(text)).toBe(calls);
    if (text.trim().startsWith('[') && calls > 0 && text.trim().endsWith(']'))
      expect((JSON.parse(text) as unknown[]).length).toBe(calls);
  });

  it('counts the 629 calls of one 64 KiB frame', () => {
    const frame = JSON.stringify(
      Array.from({ length: 629 }, (_, id) => ({
        id,
        method: 'query',
        params: { path: 'timer.get', input: { json: { id: 'abcdefghij' } } },
      })),
    );
    expect(countCalls(frame)).toBe(629);
  });
});

describe('CallRate', () => {
  it('allows a burst, then the sustained rate, counting calls', () => {
    const rate = new CallRate(0);
    expect(rate.take(WS_CALL_BURST, 0)).toBe(true);
    expect(rate.take(1, 0)).toBe(false);
    const later = new CallRate(0);
    expect(later.take(WS_CALL_BURST, 0)).toBe(true);
    // One second refills one second's worth, no more.
    expect(later.take(WS_CALLS_PER_SECOND, 1_000)).toBe(true);
    expect(later.take(1, 1_000)).toBe(false);
  });

  it('never stores more than the burst', () => {
    const rate = new CallRate(0);
    expect(rate.take(WS_CALL_BURST, 3_600_000)).toBe(true);
    expect(rate.take(1, 3_600_000)).toBe(false);
  });
});

describe('FloodedAddresses', () => {
  it('starts the next socket of a flooding address at its debt, and forgets the address once repaid', () => {
    const flooded = new FloodedAddresses();
    const first = flooded.rateFor('10.0.0.1', 0);
    expect(first.take(WS_CALL_BURST, 0)).toBe(true);
    expect(first.take(40, 0)).toBe(false);
    flooded.flooded('10.0.0.1', first);
    // Reconnecting at once buys nothing: the next socket's first 40 calls are refused too.
    expect(flooded.rateFor('10.0.0.1', 100).take(40, 100)).toBe(false);
    // Its sockets do not share one bucket: each starts at the level the flooded one left.
    expect(flooded.rateFor('10.0.0.1', 2_000).take(10, 2_000)).toBe(true);
    // Another address starts fresh.
    expect(flooded.rateFor('10.0.0.2', 100).take(WS_CALL_BURST, 100)).toBe(true);
    // The debt is at most one message below zero: repaid, then a full bucket, then forgotten.
    const repaid = ((WS_CALL_BURST + 40) / WS_CALLS_PER_SECOND) * 1000 + 1;
    expect(flooded.rateFor('10.0.0.1', repaid).take(WS_CALL_BURST, repaid)).toBe(true);
    expect(flooded.size).toBe(0);
  });
});
