/**
 * Normalized keys that deduplicate schools: full-width and half-width forms, spaces, case and
 * punctuation do not make two schools different (「复旦大学」=「復旦大學」 is NOT folded: the
 * traditional form is a different string, listed as an alias instead).
 */

const PUNCTUATION = /[\s\p{P}\p{S}]+/gu;

/** A school's name folded for comparison: NFKC, lower-case, without spaces or punctuation. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(PUNCTUATION, '');
}

/** The deduplication key of a school: normalized name plus normalized region. */
export function schoolKey(name: string, region: string): string {
  return `${normalizeName(name)}|${normalizeName(region)}`;
}
