import { describe, expect, it } from 'vitest';
import { tournamentSlugSchema } from './tournament.schema';

describe('tournament slugs', () => {
  it('takes a lower-cased slug of letters, digits and hyphens', () => {
    expect(tournamentSlugSchema.parse(' WDC-2026 ')).toBe('wdc-2026');
  });

  it('refuses the words /worldcup routes to pages of its own, in Chinese', () => {
    for (const slug of ['new', 'NEW', 'ballot']) {
      const result = tournamentSlugSchema.safeParse(slug);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('保留');
    }
  });
});
