/**
 * The docs' API reference page is the OpenAPI document rendered: it fails when /api/v1 changed and
 * the page was not regenerated (`npm run docs:api`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_PAGE, renderApiReference } from '../../scripts/api-reference';

describe('API reference page', () => {
  it('is the OpenAPI document as it is now (run `npm run docs:api` after changing /api/v1)', () => {
    expect(readFileSync(API_REFERENCE_PAGE, 'utf8')).toBe(renderApiReference());
  });

  it('names every operation and the reading a screen needs', () => {
    const page = renderApiReference();
    for (const operation of ['createTimer', 'getTimer', 'sendCommand', 'followTimer'])
      expect(page).toContain(`operationId \`${operation}\``);
    for (const field of ['remainingMs', 'overtimeMs', 'deadline', 'speaker', 'topic', 'next'])
      expect(page).toContain(`\`${field}\``);
  });
});
