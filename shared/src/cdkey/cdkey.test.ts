import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CDKEY_RANDOM_BYTES, CROCKFORD_CHECK_SYMBOLS, cdkeyFromBytes, parseCdkey } from './cdkey';

const keyBytes = fc.uint8Array({ minLength: CDKEY_RANDOM_BYTES, maxLength: CDKEY_RANDOM_BYTES });
/** The 21 symbols after the prefix, without hyphens. */
const compactOf = (key: string) => key.slice(3).replace(/-/g, '');
const withCompact = (compact: string) => `BS-${compact}`;

describe('cdkey codec', () => {
  it('every generated key has the grouped shape and validates', () => {
    fc.assert(
      fc.property(keyBytes, (bytes) => {
        const key = cdkeyFromBytes(bytes);
        expect(key).toMatch(/^BS-[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}-[0-9A-HJKMNP-TV-Z*~$=U]$/);
        expect(parseCdkey(key)).toEqual({ ok: true, key, compact: compactOf(key) });
      }),
    );
  });

  it('different random bytes give different keys (100 bits are used)', () => {
    fc.assert(
      fc.property(keyBytes, fc.integer({ min: 0, max: 99 }), (bytes, bit) => {
        const flipped = Uint8Array.from(bytes);
        flipped[bit >> 3]! ^= 0x80 >> (bit & 7);
        expect(cdkeyFromBytes(flipped)).not.toBe(cdkeyFromBytes(bytes));
      }),
    );
  });

  it('is case-insensitive, ignores hyphens and spaces, reads O as 0 and I/L as 1', () => {
    fc.assert(
      fc.property(keyBytes, (bytes) => {
        const key = cdkeyFromBytes(bytes);
        const sloppy = ` ${key.toLowerCase().replace(/-/g, ' ').replace(/0/g, 'o').replace(/1/g, 'l')} `;
        expect(parseCdkey(sloppy)).toMatchObject({ ok: true, key });
        expect(parseCdkey(compactOf(key))).toMatchObject({ ok: true, key });
      }),
    );
  });

  it('rejects any single changed symbol by the check symbol', () => {
    fc.assert(
      fc.property(
        keyBytes,
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 36 }),
        (bytes, position, shift) => {
          const compact = compactOf(cdkeyFromBytes(bytes));
          const value = CROCKFORD_CHECK_SYMBOLS.indexOf(compact[position]!);
          const changed =
            compact.slice(0, position) +
            CROCKFORD_CHECK_SYMBOLS[(value + shift) % 37] +
            compact.slice(position + 1);
          const parsed = parseCdkey(withCompact(changed));
          expect(parsed.ok).toBe(false);
        },
      ),
    );
  });

  it('rejects any swap of two adjacent different symbols', () => {
    fc.assert(
      fc.property(keyBytes, fc.integer({ min: 0, max: 19 }), (bytes, position) => {
        const compact = compactOf(cdkeyFromBytes(bytes));
        const [a, b] = [compact[position]!, compact[position + 1]!];
        fc.pre(a !== b);
        const swapped = compact.slice(0, position) + b + a + compact.slice(position + 2);
        expect(parseCdkey(withCompact(swapped)).ok).toBe(false);
      }),
    );
  });

  it.each([
    ['', 'empty'],
    ['BS-ABCDE', 'length'],
    ['BS-ABCDE-ABCDE-ABCDE-ABCDE-ABCDE', 'length'],
    ['BS-ABCD!-ABCDE-ABCDE-ABCDE-A', 'character'],
    ['BS-UUUUU-ABCDE-ABCDE-ABCDE-A', 'character'],
  ])('explains %j as %s', (input, problem) => {
    expect(parseCdkey(input)).toEqual({ ok: false, problem });
  });
});
