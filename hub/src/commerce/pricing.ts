import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pricingSchema, type Pricing } from '@bianshi/shared';
import { parse } from 'yaml';
import { paths } from '../lib/paths';

/**
 * Loads the `pricing` content file (YAML front matter of content/pricing.md) and validates it
 * with the shared schema. Until the content pipeline serves collections to the hub, this is how
 * the hub reads plans; a bad file stops the hub at start with the path of the bad field.
 */
export function loadPricing(file: string = join(paths.repoRoot, 'content', 'pricing.md')): Pricing {
  return parsePricing(readFileSync(file, 'utf8'), file);
}

/** Parses a pricing page's front matter (or a bare YAML document). */
export function parsePricing(text: string, source = 'pricing'): Pricing {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  const data: unknown = parse(match ? match[1]! : text);
  const parsed = pricingSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}
