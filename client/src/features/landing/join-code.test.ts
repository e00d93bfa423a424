import { describe, expect, it } from 'vitest';
import { parseJoinCode } from './join-code';

describe('parseJoinCode', () => {
  it.each([
    ['8k2q7m', { ok: true, code: '8K2Q7M' }],
    [' ab-23 cd ', { ok: true, code: 'AB23CD' }],
    ['', { ok: false, reason: 'empty' }],
    ['   ', { ok: false, reason: 'empty' }],
    ['abc', { ok: false, reason: 'invalid' }],
    ['8K2Q7', { ok: false, reason: 'invalid' }],
    // 0/O and 1/I/L are never in a code.
    ['AB12CD', { ok: false, reason: 'invalid' }],
    ['房间码1234', { ok: false, reason: 'invalid' }],
    ['A'.repeat(13), { ok: false, reason: 'invalid' }],
  ] as const)('%j → %j', (input, expected) => expect(parseJoinCode(input)).toEqual(expected));
});
