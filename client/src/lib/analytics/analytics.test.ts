import { describe, expect, it } from 'vitest';
import { buildEvent, eventName, isAnalyticsDisabled } from './analytics';

const context = {
  website: 'w',
  url: '/topic',
  title: 't',
  referrer: '',
  hostname: 'h',
  language: 'zh-CN',
  screen: '1920x1080',
};

describe('analytics', () => {
  it.each([
    ['1', true],
    ['0', false],
    ['true', false],
    [null, false],
  ] as const)('flag %j disables: %s', (flag, disabled) => expect(isAnalyticsDisabled(flag)).toBe(disabled));

  it.each([
    ['start-timer', 'start-timer'],
    ['', 'unknown'],
    ['   ', 'unknown'],
    [42, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('event name %j → %j', (name, expected) => expect(eventName(name)).toBe(expected));

  it('builds page views without a name and events with one', () => {
    expect(buildEvent(context)).toEqual({ type: 'event', payload: context });
    expect(buildEvent(context, { name: '', data: { a: 1 } })).toEqual({
      type: 'event',
      payload: { ...context, name: 'unknown', data: { a: 1 } },
    });
  });
});
