/**
 * Text crafted to make the parser's patterns backtrack (issue 30; docs/security/regex-review.md):
 * each took seconds before its fix and must now take a few milliseconds; what ordinary text
 * reads as stays the same.
 */
import { describe, expect, it } from 'vitest';
import { jsonOfReply } from '../ai/json-reply';
import { trimTrailingSlashes } from '../protocol/site-routes';
import { parseRulesText } from './parse-rules';

/** Far above linear time for 20 000 characters, far below the seconds the quadratic patterns took. */
const LINEAR_MS = 400;

function timed(run: () => unknown): number {
  const startedAt = performance.now();
  run();
  return performance.now() - startedAt;
}

describe('rules text an attacker writes', () => {
  it.each([
    ['a run of 20 000 digits (4–6 s before)', '1'.repeat(20_000)],
    ['a heading whose line a U+2028 ends (1.4 s)', `a: ${'x '.repeat(9_000)}\u2028`],
    ['16 000 spaces before "then" (1.1 s)', `a${' '.repeat(16_000)}then`],
    ['16 000 spaces between 3分 and ")" (3.7 s)', `3分${' '.repeat(16_000)})`],
    ['9 000 words before a bare number', `a${' a'.repeat(9_000)} 1x`],
  ])('%s', (_, text) => {
    expect(timed(() => parseRulesText(text))).toBeLessThan(LINEAR_MS);
  });

  it('still reads bare English minutes and headings as before', () => {
    const parsed = parseRulesText('1AC 8\nCX 3\nSpeech 3 4\nReplies: PM 4 minutes');
    expect(
      parsed.format.stages.map((stage) => [stage.name, 'durationMs' in stage ? stage.durationMs : null]),
    ).toEqual([
      ['1AC', 480_000],
      ['CX', 180_000],
      ['Speech PM', 240_000],
    ]);
  });
});

describe('a provider reply and a request path', () => {
  it('finds the fence of a 200 000-line reply that never closes it in linear time (10 s before)', () => {
    expect(timed(() => jsonOfReply('```' + '\n'.repeat(200_000)))).toBeLessThan(LINEAR_MS);
    expect(jsonOfReply('x ```JSON \n\n {"a":2}``` y')).toBe('{"a":2}');
    expect(jsonOfReply('````json\n{"e":1}```')).toBe('{"e":1}');
  });

  it('trims the slashes a path ends with, in one pass', () => {
    expect(trimTrailingSlashes('/docs///')).toBe('/docs');
    expect(trimTrailingSlashes('/')).toBe('');
    expect(timed(() => trimTrailingSlashes(`/${'/'.repeat(16_000)}x`))).toBeLessThan(LINEAR_MS);
  });
});
