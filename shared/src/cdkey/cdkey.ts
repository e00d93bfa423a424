/**
 * Licence keys (兑换码): `BS-XXXXX-XXXXX-XXXXX-XXXXX-C`.
 *
 * Twenty Crockford Base32 symbols carry 100 random bits; the 21st is a check symbol from
 * Crockford's 37-symbol check alphabet (`0-9A-Z` without I L O U, then `* ~ $ = U`). The check
 * makes the weighted sum Σ i·vᵢ over all 21 positions ≡ 0 (mod 37). Because 37 is prime and
 * every weight differs, any single changed symbol and any swap of two adjacent different
 * symbols is caught before the key is ever looked up.
 *
 * Input is forgiving: case-insensitive, hyphens and spaces ignored, O→0 and I/L→1, the `BS`
 * prefix optional.
 */

/** Crockford's Base32 data symbols, value = index. */
export const CROCKFORD_SYMBOLS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Crockford's check symbols (values 0–36): the data symbols, then `* ~ $ = U`. */
export const CROCKFORD_CHECK_SYMBOLS = `${CROCKFORD_SYMBOLS}*~$=U`;

/** Symbols of random data in a key (5 bits each: 100 bits). */
export const CDKEY_DATA_LENGTH = 20;
/** Random bytes a key is built from (the first 100 bits are used). */
export const CDKEY_RANDOM_BYTES = 13;
/** The prefix every key is shown with. */
export const CDKEY_PREFIX = 'BS';
const GROUP = 5;
const MODULUS = 37;

/** Why a typed key is not a key. */
export type CdkeyProblem = 'empty' | 'length' | 'character' | 'check';

export type CdkeyParse = { ok: true; key: string; compact: string } | { ok: false; problem: CdkeyProblem };

/** zh-CN explanations of each problem, shown next to the input. */
export const CDKEY_PROBLEM_MESSAGES: Record<CdkeyProblem, string> = {
  empty: '请输入兑换码',
  length: '兑换码长度不对：应为 BS- 之后 21 个字符（如 BS-XXXXX-XXXXX-XXXXX-XXXXX-X）',
  character: '兑换码含有无效字符，请检查是否抄错',
  check: '兑换码校验失败，可能有字符输错或顺序颠倒，请仔细核对',
};

function checkValue(values: readonly number[]): number {
  // Σ i·vᵢ over data positions 1..n, then the check at position n+1 must cancel it.
  let sum = 0;
  values.forEach((value, index) => {
    sum = (sum + (index + 1) * value) % MODULUS;
  });
  const weight = values.length + 1;
  // Find c with sum + weight·c ≡ 0 (mod 37); weight is invertible since 37 is prime.
  for (let c = 0; c < MODULUS; c++) if ((sum + weight * c) % MODULUS === 0) return c;
  throw new Error('unreachable: 37 is prime');
}

/** The check symbol for 20 data symbols. */
export function cdkeyCheckSymbol(data: string): string {
  const values = [...data].map((symbol) => CROCKFORD_SYMBOLS.indexOf(symbol));
  if (values.some((value) => value < 0)) throw new Error('not Crockford Base32 data');
  return CROCKFORD_CHECK_SYMBOLS[checkValue(values)]!;
}

/** Formats 21 compact symbols as `BS-XXXXX-XXXXX-XXXXX-XXXXX-C`. */
export function formatCdkey(compact: string): string {
  const groups: string[] = [];
  for (let i = 0; i < CDKEY_DATA_LENGTH; i += GROUP) groups.push(compact.slice(i, i + GROUP));
  return [CDKEY_PREFIX, ...groups, compact.slice(CDKEY_DATA_LENGTH)].join('-');
}

/** A key from random bytes (at least 13; the caller supplies them from a CSPRNG). */
export function cdkeyFromBytes(bytes: Uint8Array): string {
  if (bytes.length < CDKEY_RANDOM_BYTES) throw new Error(`a cdkey needs ${CDKEY_RANDOM_BYTES} random bytes`);
  let data = '';
  let buffer = 0;
  let bits = 0;
  let index = 0;
  while (data.length < CDKEY_DATA_LENGTH) {
    if (bits < 5) {
      buffer = ((buffer << 8) | bytes[index++]!) & 0xffff;
      bits += 8;
    }
    data += CROCKFORD_SYMBOLS[(buffer >> (bits - 5)) & 31];
    bits -= 5;
  }
  return formatCdkey(data + cdkeyCheckSymbol(data));
}

/** Maps what people type to canonical symbols: upper case, O→0, I/L→1, no separators. */
export function normalizeCdkeyInput(input: string): string {
  let compact = input.toUpperCase().replace(/[\s\-_–—]/g, '');
  if (compact.startsWith(CDKEY_PREFIX) && compact.length === CDKEY_DATA_LENGTH + 1 + CDKEY_PREFIX.length)
    compact = compact.slice(CDKEY_PREFIX.length);
  return compact.replace(/O/g, '0').replace(/[IL]/g, '1');
}

/** Parses a typed key; a typo is refused here, before any lookup. */
export function parseCdkey(input: string): CdkeyParse {
  const compact = normalizeCdkeyInput(input);
  if (compact.length === 0) return { ok: false, problem: 'empty' };
  if (compact.length !== CDKEY_DATA_LENGTH + 1) return { ok: false, problem: 'length' };
  const data = compact.slice(0, CDKEY_DATA_LENGTH);
  const check = compact.slice(CDKEY_DATA_LENGTH);
  if (
    [...data].some((symbol) => !CROCKFORD_SYMBOLS.includes(symbol)) ||
    !CROCKFORD_CHECK_SYMBOLS.includes(check)
  )
    return { ok: false, problem: 'character' };
  if (cdkeyCheckSymbol(data) !== check) return { ok: false, problem: 'check' };
  return { ok: true, key: formatCdkey(compact), compact };
}

/** The last 4 symbols of a key (stored and shown to find it again), from canonical compact form. */
export function cdkeyLast4(compact: string): string {
  return compact.slice(-4);
}
