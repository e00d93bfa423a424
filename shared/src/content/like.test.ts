import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileLike, type LikeWork } from './like';

/** The regular expression LIKE used to be: right, but exponential on `%%%x`. Fine on small inputs. */
function reference(pattern: string, text: string): boolean {
  let source = '';
  for (const char of pattern) {
    if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += char.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'iu').test(text);
}

const like = (pattern: string, text: string) => compileLike(pattern).matches(text);

describe('LIKE', () => {
  it.each<[string, string, boolean]>([
    ['', '', true],
    ['', 'a', false],
    ['%', '', true],
    ['%', 'anything at all', true],
    ['abc', 'abc', true],
    ['abc', 'abcd', false],
    ['abc', 'ab', false],
    ['a%', 'abc', true],
    ['%c', 'abc', true],
    ['%b%', 'abc', true],
    ['%x%', 'abc', false],
    ['a%c', 'ac', true],
    ['a%c', 'abcbc', true],
    ['a%c', 'abcb', false],
    ['%ab%ab%', 'xabyab', true],
    ['%ab%ab%', 'xaby', false],
    ['%aab', 'aaab', true],
    ['%aba%aba', 'ababababa', true],
    ['_', 'a', true],
    ['_', '', false],
    ['_', 'ab', false],
    ['a_c', 'abc', true],
    ['%_b_%', 'xab', false],
    ['%_b_%', 'xabc', true],
    ['___', 'abc', true],
    ['__%__', 'abc', false],
    ['__%__', 'abcd', true],
    ['AL%', 'alpha', true],
    ['%投影%', '大屏与投影', true],
    ['大屏_投影', '大屏与投影', true],
    ['_', '😀', true],
    ['%😀', 'x😀', true],
    ['a.c', 'abc', false],
    ['a.c', 'a.c', true],
    ['(x|y)*', '(x|y)*', true],
    ['[a]', 'a', false],
    ['\\d', '\\d', true],
    ['%%%☃', 'x'.repeat(40), false],
    ['%%%☃', `${'x'.repeat(40)}☃`, true],
    ['ß', 'ẞ', true],
    ['ς', 'Σ', true],
    ['ı', 'i', false],
    ['k', 'K', true],
  ])('%j matches %j: %s', (pattern, text, expected) => {
    expect(like(pattern, text)).toBe(expected);
    expect(reference(pattern, text)).toBe(expected);
  });

  it('agrees with the regular expression it replaces', () => {
    const alphabet = fc.constantFrom('a', 'A', 'b', 'B', '%', '_', '☃', '大', '😀', 'ς', 'σ', 'Σ', 'ß', '.', '*', '\\');
    const textAlphabet = fc.constantFrom('a', 'A', 'b', 'B', '_', '%', '☃', '大', '😀', 'ς', 'σ', 'Σ', 'ẞ', '.', '*', '\\', '\uD83D');
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 8 }), fc.array(textAlphabet, { maxLength: 12 }), (pattern, text) => {
        expect(like(pattern.join(''), text.join(''))).toBe(reference(pattern.join(''), text.join('')));
      }),
      { numRuns: 3000 },
    );
  });

  it('finds pieces longer than 32 characters (several words of state)', () => {
    const piece = `${'ab'.repeat(20)}_${'c'.repeat(30)}`;
    const text = `zz${'ab'.repeat(20)}X${'c'.repeat(30)}yy`;
    expect(like(`%${piece}%`, text)).toBe(true);
    expect(like(`%${piece}%`, text.replace('X', ''))).toBe(false);
    expect(like(`%${piece}%`, text)).toBe(reference(`%${piece}%`, text));
  });

  it('reads each character of the text about once, whatever the pattern', () => {
    const text = `${'x'.repeat(100_000)}☃`;
    for (const pattern of ['%%%☃', '%x%x%x%x%x%x%y', `%${'_'.repeat(99)}y`, `%${'x'.repeat(99)}y%`]) {
      let read = 0;
      const work: LikeWork = { spend: (characters) => (read += characters) };
      const startedAt = performance.now();
      compileLike(pattern).matches(text, work);
      expect(performance.now() - startedAt).toBeLessThan(500);
      // A piece of 100 characters keeps four words of state per character read.
      expect(read).toBeLessThanOrEqual(text.length * 4 + 200);
    }
  });
});
