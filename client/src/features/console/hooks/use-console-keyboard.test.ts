import { describe, expect, it } from 'vitest';
import { keyAction } from './use-console-keyboard';

const press = (
  key: string,
  extra: Partial<Pick<KeyboardEvent, 'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey'>> = {},
) => ({ key, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...extra });

describe('console keys', () => {
  it.each([
    [' ', 'space', 'toggle'],
    ['b', 'space', 'bell'],
    ['B', 'space', 'bell'],
    ['b', 'b', 'toggle'],
    ['B', 'b', 'toggle'],
    ['l', 'b', 'bell'],
    [' ', 'b', 'swallow'],
    ['l', 'space', null],
    ['s', 'space', 'switchSide'],
    ['S', 'b', 'switchSide'],
    ['t', 'space', 'setTime'],
    ['ArrowRight', 'b', 'next'],
    ['？', 'space', 'help'],
  ] as const)('%j with %s as the start key → %s', (key, toggleKey, action) => {
    expect(keyAction(press(key), toggleKey)).toBe(action);
  });

  it('never takes Tab (focus moves on, forwards and backwards) or keys with modifiers', () => {
    expect(keyAction(press('Tab'))).toBeNull();
    expect(keyAction(press('Tab', { shiftKey: true }))).toBeNull();
    expect(keyAction(press(' ', { ctrlKey: true }))).toBeNull();
    expect(keyAction(press('z', { ctrlKey: true }))).toBeNull();
  });
});
