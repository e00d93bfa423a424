import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invoiceRequestSchema } from './invoice.schema';
import { parseUscc, USCC_CHARSET, usccCheckSymbol } from './uscc';

/** Published codes of real organisations (the GB 32100-2015 example first). */
const KNOWN_VALID = [
  '91350100M000100Y43',
  '91440300708461136T',
  '911100001000080343',
  '91110108551385082Q',
  '914403001922038216',
];

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it.each(KNOWN_VALID)('accepts the published code %s', (code) => {
    expect(parseUscc(code)).toEqual({ ok: true, code });
    expect(parseUscc(` ${code.toLowerCase()} `)).toEqual({ ok: true, code });
  });

  it('rejects every single-symbol change of a known code', () => {
    for (const code of KNOWN_VALID) {
      for (let position = 0; position < 18; position++) {
        for (const symbol of USCC_CHARSET) {
          if (symbol === code[position]) continue;
          const changed = code.slice(0, position) + symbol + code.slice(position + 1);
          expect(parseUscc(changed), changed).toEqual({ ok: false, problem: 'check' });
        }
      }
    }
  });

  it('rejects every adjacent swap of different symbols within the first 17', () => {
    for (const code of KNOWN_VALID) {
      for (let position = 0; position < 16; position++) {
        if (code[position] === code[position + 1]) continue;
        const swapped =
          code.slice(0, position) + code[position + 1] + code[position] + code.slice(position + 2);
        expect(parseUscc(swapped).ok, swapped).toBe(false);
      }
    }
  });

  it('accepts any 17 symbols completed with their check symbol', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...USCC_CHARSET), { minLength: 17, maxLength: 17 }), (symbols) => {
        const first17 = symbols.join('');
        expect(parseUscc(first17 + usccCheckSymbol(first17)).ok).toBe(true);
      }),
    );
  });

  it.each([
    ['', 'empty'],
    ['91350100M000100Y4', 'length'],
    ['91350100M000100YO3', 'character'],
    ['91350100M000100I43', 'character'],
  ])('explains %j as %s', (input, problem) => {
    expect(parseUscc(input)).toEqual({ ok: false, problem });
  });
});

describe('invoice request', () => {
  const base = {
    orderNumber: 'BS20261123000001',
    kind: 'normal',
    titleType: 'enterprise',
    title: '某某大学',
    email: 'caiwu@example.edu.cn',
  } as const;

  it('needs a valid USCC for organisations, with the error on that field', () => {
    const wrong = invoiceRequestSchema.safeParse({ ...base, uscc: '91350100M000100Y44' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['uscc']);
    expect(invoiceRequestSchema.parse({ ...base, uscc: '91350100m000100y43' }).uscc).toBe(
      '91350100M000100Y43',
    );
  });

  it('needs no USCC for a person', () => {
    expect(invoiceRequestSchema.safeParse({ ...base, titleType: 'personal', title: '张三' }).success).toBe(
      true,
    );
  });

  it('asks 专票 for address, phone and bank details, and only for organisations', () => {
    const special = invoiceRequestSchema.safeParse({ ...base, kind: 'special', uscc: '91350100M000100Y43' });
    expect(special.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'address',
      'bankAccount',
      'bankName',
      'phone',
    ]);
    const personal = invoiceRequestSchema.safeParse({
      ...base,
      kind: 'special',
      titleType: 'personal',
      title: '张三',
    });
    expect(personal.error?.issues.map((issue) => issue.path.join('.'))).toContain('titleType');
    const complete = {
      ...base,
      kind: 'special',
      uscc: '91350100M000100Y43',
      address: '福州市鼓楼区某路 1 号',
      phone: '0591-12345678',
      bankName: '中国银行福州分行',
      bankAccount: '6217 0000 0000 0000',
    };
    expect(invoiceRequestSchema.safeParse(complete).success).toBe(true);
  });
});
