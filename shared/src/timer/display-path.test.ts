import { describe, expect, it } from 'vitest';
import { displayPathParts } from './display-path';

describe('display paths', () => {
  it('names the timer and the match of a display address', () => {
    expect(displayPathParts('/timer/abc')).toEqual({ id: 'abc' });
    expect(displayPathParts('/timer/abc/')).toEqual({ id: 'abc' });
    expect(displayPathParts('/timer/abc/m1')).toEqual({ id: 'abc', matchid: 'm1' });
    expect(displayPathParts('/timer/%E8%BE%A9')).toEqual({ id: '辩' });
  });

  it('leaves the console, invitations and other pages alone', () => {
    for (const path of [
      '/timer/manage/x',
      '/timer/manage',
      '/timer/invite/x',
      '/timer',
      '/timer/',
      '/timer/a/b/c',
      '/lobby/a',
      '/',
    ]) {
      expect(displayPathParts(path), path).toBeNull();
    }
  });

  it('keeps a malformed escape as it is instead of throwing', () => {
    expect(displayPathParts('/timer/%E8')).toEqual({ id: '%E8' });
  });
});
