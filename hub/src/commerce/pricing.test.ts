import { describe, expect, it } from 'vitest';
import { addMonths } from './grants';
import { loadPricing, parsePricing } from './pricing';

describe('the pricing content file', () => {
  it('validates: three plans in order, prices in fen, limits for every key', () => {
    const pricing = loadPricing();
    expect(pricing.plans.map((plan) => plan.id)).toEqual(['trial', 'education', 'enterprise']);
    expect(pricing.plans.filter((plan) => plan.purchasable).every((plan) => plan.prices.length > 0)).toBe(
      true,
    );
  });

  it('names the bad field of a broken file', () => {
    expect(() =>
      parsePricing(
        '---\ntitle: x\ndescription: y\nplans: []\nexpired: {note: n, limits: {}}\nfaq: []\nlogos: []\n---\n',
        'pricing.md',
      ),
    ).toThrow(/^pricing\.md: plans/);
  });
});

describe('addMonths', () => {
  it.each([
    ['2026-01-31T08:00:00Z', 1, '2026-02-28T08:00:00.000Z'],
    ['2028-01-31T08:00:00Z', 1, '2028-02-29T08:00:00.000Z'],
    ['2026-11-23T20:00:00Z', 12, '2027-11-23T20:00:00.000Z'],
    ['2026-08-31T00:00:00Z', 6, '2027-02-28T00:00:00.000Z'],
  ])('%s + %i months → %s', (from, months, expected) => {
    expect(addMonths(new Date(from), months).toISOString()).toBe(expected);
  });
});
