/**
 * One side palette for the whole product: the site's `--side-aff` / `--side-neg` tokens (used by
 * /topic, /record and its chart, tournament pages) are the timer display's own preset colours
 * (light theme = light preset, dark theme = dark preset), so no page paints a side differently.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SKIN_PRESETS } from '../lib/display-settings/skin';

const tokens = readFileSync(new URL('./tokens.css', import.meta.url), 'utf8');

function block(selector: string): string {
  const start = tokens.indexOf(selector);
  expect(start).toBeGreaterThanOrEqual(0);
  return tokens.slice(start, tokens.indexOf('}', start));
}

function token(css: string, name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
}

describe('side palette', () => {
  it('light tokens are the display’s light preset', () => {
    const light = block(":root,\n[data-theme='light']");
    expect(token(light, '--side-aff')).toBe(SKIN_PRESETS.light.colors.aff);
    expect(token(light, '--side-neg')).toBe(SKIN_PRESETS.light.colors.neg);
  });
  it('dark tokens are the display’s dark preset (the display’s default)', () => {
    const dark = block("[data-theme='dark'] {");
    expect(token(dark, '--side-aff')).toBe(SKIN_PRESETS.dark.colors.aff);
    expect(token(dark, '--side-neg')).toBe(SKIN_PRESETS.dark.colors.neg);
  });
  it('正方 is red and 反方 blue', () => {
    for (const preset of [SKIN_PRESETS.light, SKIN_PRESETS.dark]) {
      const [r, , b] = [1, 3, 5].map((i) => parseInt(preset.colors.aff.slice(i, i + 2), 16));
      expect(r).toBeGreaterThan(b ?? 0);
      const [r2, , b2] = [1, 3, 5].map((i) => parseInt(preset.colors.neg.slice(i, i + 2), 16));
      expect(b2).toBeGreaterThan(r2 ?? 0);
    }
  });
});
