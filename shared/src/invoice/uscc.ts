/**
 * 统一社会信用代码 (Unified Social Credit Code), GB 32100-2015: 18 symbols from
 * `0-9A-HJ-NPQRTUWXY` (no I O S V Z). The 18th is a check symbol: with weights
 * Wᵢ = 3^(i−1) mod 31 over the first 17 symbols' values, C₁₈ = 31 − (Σ Cᵢ·Wᵢ mod 31),
 * where 31 becomes 0.
 */

/** The 31 symbols of the code, value = index. */
export const USCC_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
export const USCC_LENGTH = 18;

const WEIGHTS = Array.from({ length: USCC_LENGTH - 1 }, (_, i) => {
  let weight = 1;
  for (let k = 0; k < i; k++) weight = (weight * 3) % 31;
  return weight;
});

export type UsccProblem = 'empty' | 'length' | 'character' | 'check';

export type UsccParse = { ok: true; code: string } | { ok: false; problem: UsccProblem };

/** zh-CN explanations of each problem, shown under the field. */
export const USCC_PROBLEM_MESSAGES: Record<UsccProblem, string> = {
  empty: '请填写统一社会信用代码',
  length: '统一社会信用代码应为 18 位',
  character: '统一社会信用代码只含数字和大写字母（不含 I、O、S、V、Z）',
  check: '统一社会信用代码校验位不正确，请核对',
};

/** The check symbol for the first 17 symbols. */
export function usccCheckSymbol(first17: string): string {
  let sum = 0;
  for (let i = 0; i < USCC_LENGTH - 1; i++) {
    const value = USCC_CHARSET.indexOf(first17[i] ?? '');
    if (value < 0) throw new Error('not a USCC symbol');
    sum += value * WEIGHTS[i]!;
  }
  const check = 31 - (sum % 31);
  return USCC_CHARSET[check === 31 ? 0 : check]!;
}

/** Checks a typed code (spaces ignored, case-insensitive). */
export function parseUscc(input: string): UsccParse {
  const code = input.replace(/\s/g, '').toUpperCase();
  if (code.length === 0) return { ok: false, problem: 'empty' };
  if (code.length !== USCC_LENGTH) return { ok: false, problem: 'length' };
  if ([...code].some((symbol) => !USCC_CHARSET.includes(symbol))) return { ok: false, problem: 'character' };
  if (usccCheckSymbol(code.slice(0, USCC_LENGTH - 1)) !== code[USCC_LENGTH - 1])
    return { ok: false, problem: 'check' };
  return { ok: true, code };
}
