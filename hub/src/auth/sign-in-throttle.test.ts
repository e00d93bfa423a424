import { describe, expect, it } from 'vitest';
import { formatWait } from '../lib/wait';
import { passwordProblem } from './password-policy';
import { delayAfterFailures, FREE_FAILURES, MAX_DELAY_S } from './sign-in-throttle';

describe('delayAfterFailures', () => {
  it.each([
    [0, 0],
    [FREE_FAILURES - 1, 0],
    [FREE_FAILURES, 1],
    [FREE_FAILURES + 1, 2],
    [FREE_FAILURES + 2, 4],
    [FREE_FAILURES + 9, 512],
    [FREE_FAILURES + 10, MAX_DELAY_S],
    [1_000, MAX_DELAY_S],
  ])('after %i failures a pair waits %i s', (failures, seconds) => {
    expect(delayAfterFailures(failures)).toBe(seconds);
  });
});

describe('passwordProblem', () => {
  it.each([
    ['12345678', 'password-common'],
    ['password', 'password-common'],
    ['PASSWORD', 'password-common'],
    ['qwertyuiop', 'password-common'],
    ['        ', 'password-blank'],
    ['\u3000\u3000\u3000\u3000\u3000\u3000\u3000\u3000', 'password-blank'],
    ['correct horse battery', null],
    ['晨雾里的辩题卡片', null],
  ] as const)('%j → %s', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });
});

describe('formatWait', () => {
  it.each([
    [1, '1秒'],
    [999, '1秒'],
    [59_000, '59秒'],
    [60_000, '1分钟'],
    [61_000, '2分钟'],
    [900_000, '15分钟'],
    [3_600_000, '1小时'],
    [86_400_000, '24小时'],
  ])('%i ms → %s', (ms, text) => {
    expect(formatWait(ms)).toBe(text);
  });
});
