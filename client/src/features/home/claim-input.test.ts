import { describe, expect, it } from 'vitest';
import { parseClaimInput } from './claim-input';

describe('parseClaimInput', () => {
  const key = 'k'.repeat(43);
  it.each([
    [`https://bianshi.example/timer/manage/ab12cd34?created=1#key=${key}`, { id: 'ab12cd34', key }],
    [`/timer/manage/ab12cd34/skin#key=${key}`, { id: 'ab12cd34', key }],
    ['https://bianshi.example/id/ab12cd34', { id: 'ab12cd34', key: null }],
    ['https://bianshi.example/timer/Xy_9-abcdEFGH1234', { id: 'Xy_9-abcdEFGH1234', key: null }],
    ['ab12cd34', { id: 'ab12cd34', key: null }],
    ['  ab12cd34  ', { id: 'ab12cd34', key: null }],
    ['', null],
    ['not a link at all', null],
    ['https://bianshi.example/docs', null],
  ] as const)('%s', (raw, expected) => {
    expect(parseClaimInput(raw)).toEqual(expected);
  });
});
