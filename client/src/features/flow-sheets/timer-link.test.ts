import { describe, expect, it } from 'vitest';
import { parseTimerInput } from './timer-link';

describe('parseTimerInput', () => {
  it.each([
    ['k7m2qxab', { timerId: 'k7m2qxab' }],
    ['  k7m2qxab ', { timerId: 'k7m2qxab' }],
    ['https://bianshi.example/timer/abc123#view=v%2Bkey', { timerId: 'abc123', viewKey: 'v+key' }],
    ['/id/k7m2qxab#view=secret', { timerId: 'k7m2qxab', viewKey: 'secret' }],
    ['https://bianshi.example/timer/abc123/m1', { timerId: 'abc123' }],
    ['https://bianshi.example/timer/manage/k7m2qxab#key=x', { timerId: 'k7m2qxab' }],
    ['https://bianshi.example/lobby/abc', null],
    ['不是链接 也不是 ID', null],
  ])('%s', (input, expected) => {
    expect(parseTimerInput(input)).toEqual(expected);
  });
});
