import { describe, expect, it } from 'vitest';
import { parseJoinCode } from './join-code';

describe('parseJoinCode', () => {
  it.each([
    ['8k2q7', { ok: true, code: '8K2Q7' }],
    [' ab-12 cd ', { ok: true, code: 'AB12CD' }],
    ['', { ok: false, reason: 'empty' }],
    ['   ', { ok: false, reason: 'empty' }],
    ['abc', { ok: false, reason: 'invalid' }],
    ['房间码1234', { ok: false, reason: 'invalid' }],
    ['A'.repeat(13), { ok: false, reason: 'invalid' }],
  ] as const)('%j → %j', (input, expected) => expect(parseJoinCode(input)).toEqual(expected));
});
