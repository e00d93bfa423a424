import { describe, expect, it } from 'vitest';
import { lobbyScreenIdOf } from './lobby-screen-path';

describe('lobby screen paths', () => {
  it('names the lobby of a lobby screen address', () => {
    expect(lobbyScreenIdOf('/lobby/abc')).toBe('abc');
    expect(lobbyScreenIdOf('/lobby/abc/')).toBe('abc');
    expect(lobbyScreenIdOf('/lobby/%E8%BE%A9')).toBe('辩');
  });

  it('leaves the lobby list and other pages alone', () => {
    for (const path of ['/lobby', '/lobby/', '/lobby/a/b', '/timer/a', '/'])
      expect(lobbyScreenIdOf(path), path).toBeNull();
  });

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(lobbyScreenIdOf('/lobby/%E8')).toBe('%E8');
  });
});
