/**
 * Content collections (SPEC.md §3): where each comes from, the zod schema of its front matter,
 * and the shape of a compiled page. The build validates every file against these; the hub and
 * the client read the compiled pages.
 */
import { z } from 'zod';
import { pricingFields } from '../entitlements/pricing.schema';

/** Every content version hash starts with this (SPEC.md §9). */
export const CONTENT_VERSION_PREFIX = 'v3.5.0';

/** One entry of a page's table of contents. */
export interface TocEntry {
  id: string;
  depth: number;
  text: string;
}

/** A compiled Markdown body. */
export interface ContentBody {
  html: string;
  toc: TocEntry[];
}

/** What every page of every page collection has. */
export interface ContentPage {
  /** `<collection>/<file path>`, e.g. `docs/1.getting-started/1.quick-start.md`. */
  id: string;
  collection: CollectionName;
  title: string;
  description: string;
  /** The URL path, numeric prefixes stripped: `/docs/getting-started/quick-start`. */
  path: string;
  /** The file path without extension, relative to content/: `docs/1.getting-started/1.quick-start`. */
  stem: string;
  extension: string;
  navigation: boolean | { title?: string };
  seo: { title: string; description: string };
  body: ContentBody;
  /** Front-matter fields no schema names, plus `updatedAt` (ISO date) and `editUrl`. */
  meta: Record<string, unknown>;
  /** The collection's own fields (hero, links, date, …). */
  [field: string]: unknown;
}

const text = z.string().trim().min(1, '不能为空');

const common = {
  title: text,
  description: z.string().trim().default(''),
  navigation: z.union([z.boolean(), z.looseObject({ title: z.string().optional() })]).default(true),
  seo: z.looseObject({ title: z.string().optional(), description: z.string().optional() }).default({}),
  /** Last-updated date when git has none (YYYY-MM-DD). */
  updated: z.iso.date('应为 YYYY-MM-DD 日期').optional(),
};

const link = z.strictObject({ label: text, to: text, icon: z.string().optional() });
const feature = z.strictObject({ icon: z.enum(['sync', 'format', 'screen', 'offline', 'record', 'team']), title: text, body: text });

/** The landing page: every section of `/` is here. */
export const indexFieldsSchema = z.object({
  hero: z.strictObject({
    eyebrow: text,
    lead: text,
    primary: link,
    secondary: link,
    /** The illustration beside the hero: an example, labelled as one. */
    illustration: z.strictObject({ caption: text, stage: text, side: text, next: text, free: text, pro: text, con: text }),
    stats: z.array(z.strictObject({ value: text, label: text, source: text })).min(1).max(6),
  }),
  features: z.strictObject({ title: text, lead: text, items: z.array(feature).min(1) }),
  sections: z.array(z.strictObject({ id: z.string().regex(/^[a-z0-9-]+$/, '只能是小写字母、数字和连字符'), title: text, steps: z.array(z.strictObject({ title: text, body: text })).min(1) })),
  testimonials: z.array(z.strictObject({ quote: text, author: text, role: z.string().optional() })).default([]),
  cta: z.strictObject({ title: text, lead: text, link }),
});

/** How each collection is found, routed and validated. */
export const COLLECTIONS = {
  index: { source: /^index\.md$/, prefix: '', routed: true, fields: indexFieldsSchema },
  docs: { source: /^docs\/.+\.md$/, prefix: '', routed: true, fields: z.object({ links: z.array(link).default([]) }) },
  // Plans, limits and prices are commerce's schema: the page and the purchase flow read one file.
  pricing: { source: /^pricing\.md$/, prefix: '', routed: true, fields: z.object(pricingFields) },
  blog: { source: /^blog\/.+\.md$/, prefix: 'about', routed: true, fields: z.object({}) },
  posts: {
    source: /^posts\/.+\.md$/,
    prefix: 'about',
    routed: true,
    fields: z.object({
      authors: z.array(z.strictObject({ name: text, role: z.string().optional(), avatar: z.string().optional() })).default([]),
      badge: z.strictObject({ label: text }).optional(),
      date: z.iso.date('应为 YYYY-MM-DD 日期'),
      image: z.strictObject({ src: text, alt: z.string().default('') }).optional(),
    }),
  },
  changelog: { source: /^changelog\/.+\.md$/, prefix: '', routed: false, fields: z.object({}) },
  versions: { source: /^versions\/.+\.md$/, prefix: '', routed: false, fields: z.object({ date: z.iso.date('应为 YYYY-MM-DD 日期'), image: z.string().optional() }) },
} as const;

/** A page collection's name. */
export type PageCollectionName = keyof typeof COLLECTIONS;
/** Any collection, including the data collection `info` (YAML files under info/). */
export type CollectionName = PageCollectionName | 'info';

/** The front-matter schema of a page collection: common fields plus its own. */
export function frontMatterSchema(collection: PageCollectionName) {
  return COLLECTIONS[collection].fields.extend(common);
}

/** Fields every page has; anything else in front matter that no schema names goes to `meta`. */
export const COMMON_FIELDS = Object.keys(common);

/** The landing page's fields, as the client reads them. */
export type IndexFields = z.infer<typeof indexFieldsSchema>;

/** A compiled collection as the build writes it (`_content/<collection>.json`). */
export interface CompiledCollection {
  collection: CollectionName;
  version: string;
  items: Record<string, unknown>[];
}

/** `_content/manifest.json`: versions, the docs tree and the routed pages. */
export interface ContentManifest {
  versions: Record<CollectionName, string>;
  routes: { path: string; title: string; description: string; collection: CollectionName; updatedAt?: string }[];
}

/** One version of the changelog: the `versions` entry joined with its `changelog` notes. */
export interface ChangelogEntry {
  version: string;
  date: string;
  image?: string;
  title: string;
  html: string;
}
