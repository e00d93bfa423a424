import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { parse } from 'yaml';
// Relative, so Vite's config bundler compiles it (the workspace package is TypeScript source).
import { pricingSchema } from '../../shared/src/entitlements/pricing.schema.ts';

const MODULE_ID = 'virtual:bianshi-pricing';
const RESOLVED_ID = `\0${MODULE_ID}`;
const PRICING_FILE = fileURLToPath(new URL('../../content/pricing.md', import.meta.url));

/**
 * `import pricing from 'virtual:bianshi-pricing'`: the front matter of content/pricing.md,
 * validated at build time with the same zod schema the hub uses (a bad price or limit fails the
 * build with the field's path). Stands in until the content pipeline serves the `pricing`
 * collection; nothing is fetched at run time.
 */
export function pricingPlugin(): Plugin {
  return {
    name: 'bianshi-pricing',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      this.addWatchFile(PRICING_FILE);
      const text = readFileSync(PRICING_FILE, 'utf8');
      const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
      const parsed = pricingSchema.safeParse(parse(match ? match[1]! : text));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        this.error(`content/pricing.md: ${issue?.path.join('.') ?? ''} ${issue?.message ?? 'invalid'}`);
      }
      return `export default ${JSON.stringify(parsed.data)};`;
    },
  };
}
