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

/** An alias as stored: NFKC, trimmed, runs of spaces as one space. */
export function cleanAlias(alias: string): string {
  return alias.normalize('NFKC').trim().replace(/\s+/g, ' ');
}

/**
 * A school's aliases normalized like its name: cleaned, without those that fold to the name
 * (「复旦 大学」 is 复旦大学, not another name for it) and without duplicates under folding;
 * the first spelling of each is kept, at most `max`.
 */
export function schoolAliases(name: string, aliases: readonly string[], max = 20): string[] {
  const seen = new Set([normalizeName(name)]);
  const kept: string[] = [];
  for (const alias of aliases) {
    const cleaned = cleanAlias(alias);
    const key = normalizeName(cleaned);
    if (!key || seen.has(key)) continue;
    seen.add(key);
    kept.push(cleaned);
  }
  return kept.slice(0, max);
}
