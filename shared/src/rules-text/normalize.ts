/**
 * Text normalisation for rules written by people: full-width forms folded to ASCII and Chinese
 * numerals (一…九十, 两, 百) turned into digits, so that the parser matches one spelling.
 */

const CN_DIGITS: Readonly<Record<string, number>> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** Reads a run of Chinese numerals below 1 000 (一, 十二, 二十五, 一百二十, 两百). */
export function chineseNumeralValue(run: string): number | null {
  let total = 0;
  let pending = 0;
  let seen = false;
  for (const char of run) {
    if (char in CN_DIGITS) {
      pending = CN_DIGITS[char]!;
      seen = true;
    } else if (char === '十') {
      total += (seen && pending > 0 ? pending : 1) * 10;
      pending = 0;
      seen = true;
    } else if (char === '百') {
      total += (pending > 0 ? pending : 1) * 100;
      pending = 0;
      seen = true;
    } else {
      return null;
    }
  }
  return seen ? total + pending : null;
}

/** Traditional characters that rules texts from Taiwan, Hong Kong and Macau use, to simplified. */
const TRADITIONAL: Readonly<Record<string, string>> = Object.fromEntries(
  [
    ...'辯論詢鐘計時結總陳詞問盤備間評審響鈴餘採為雙題環節對決語說發開場點隊輪暫後質剩種駁議論陣準書記聲響倒數計',
  ].map((char, i) => [
    char,
    '辩论询钟计时结总陈词问盘备间评审响铃余采为双题环节对决语说发开场点队轮暂后质剩种驳议论阵准书记声响倒数计'[
      i
    ]!,
  ]),
);

/**
 * Folds full-width digits, letters and punctuation to ASCII (０-９, ：, ＇), unifies prime marks
 * and turns Chinese numeral runs into digits: `三分三十秒` → `3分30秒`, `正方一辩` → `正方1辩`.
 */
export function normalizeRulesText(text: string): string {
  const folded = text
    .replace(/[\uFF01-\uFF5E]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[′‘’＇]/g, "'")
    .replace(/[″“”]/g, '"')
    .replace(/\u3000/g, ' ')
    .replace(/[\u4e00-\u9fff]/gu, (char) => TRADITIONAL[char] ?? char);
  return folded.replace(/[零〇一二两三四五六七八九十百]+/g, (run) => {
    const value = chineseNumeralValue(run);
    return value === null ? run : String(value);
  });
}

/** The speaker number as written in a stage name: 1 → 一. */
export function speakerNumeral(speaker: number): string {
  return ['零', '一', '二', '三', '四', '五', '六', '七', '八'][speaker] ?? String(speaker);
}
