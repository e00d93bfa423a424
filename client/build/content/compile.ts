/**
 * The content build: reads content/, validates every front matter against its collection's zod
 * schema, compiles Markdown, and returns everything the site serves — collections with version
 * hashes, the docs tree, search sections, per-page payloads, prerendered HTML fragments and the
 * images to copy. A bad front matter fails the build naming the file, the field and the reason.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  buildNavTree,
  COLLECTIONS,
  COMMON_FIELDS,
  CONTENT_VERSION_PREFIX,
  compareStems,
  frontMatterSchema,
  stripNumericPrefix,
  type ChangelogEntry,
  type CollectionName,
  type CompiledCollection,
  type ContentManifest,
  type ContentPage,
  type NavItem,
  type PageCollectionName,
  type SearchSection,
} from '@bianshi/shared/content/index';
import { collectFacts, fillFacts } from './facts';
import { compileMarkdown } from './markdown';
import { renderPrerender, type PrerenderFragment } from './prerender';

/** Every problem found, one line each (`<file>: front matter "<field>": <reason>`). */
export class ContentBuildError extends Error {
  override readonly name = 'ContentBuildError';
  constructor(readonly problems: string[]) {
    super(`content build failed:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

export interface CompileOptions {
  /** The content/ folder. */
  contentDir: string;
  /** README.md with the measurement table (figures quoted on the landing page). */
  readmePath: string;
  /** e.g. https://github.com/org/bianshi/edit/main — pages then carry an edit link. */
  repoEditUrl?: string | undefined;
}

export interface CompiledSite {
  collections: Record<CollectionName, CompiledCollection>;
  manifest: ContentManifest;
  navigation: NavItem[];
  search: SearchSection[];
  /** Page path → what `<path>/_payload.json` holds. */
  payloads: Map<string, unknown>;
  /** Page path → prerendered head and article. */
  prerender: Record<string, PrerenderFragment>;
  /** Files to copy: absolute source → path under the output root. */
  assets: Map<string, string>;
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Splits `---\nyaml\n---\nbody`. */
function splitFrontMatter(text: string): { yaml: string; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return match ? { yaml: match[1] ?? '', body: match[2] ?? '' } : { yaml: '', body: text };
}

function collectionOf(file: string): PageCollectionName | null {
  for (const [name, collection] of Object.entries(COLLECTIONS)) if (collection.source.test(file)) return name as PageCollectionName;
  return null;
}

/** `docs/1.getting-started/index` → `/docs/getting-started`; blog/posts live under /about. */
export function pathOf(collection: PageCollectionName, stem: string): string {
  const segments = stem.split('/').map(stripNumericPrefix);
  if (collection === 'blog' || collection === 'posts') segments[0] = 'about';
  if (collection === 'changelog' || collection === 'versions') segments[0] = 'changelog';
  if (segments[segments.length - 1] === 'index') segments.pop();
  return `/${segments.join('/')}`;
}

function gitDate(file: string): string | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cs', '--', file], { cwd: dirname(file), encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out || undefined;
  } catch {
    return undefined;
  }
}

function versionHash(items: unknown): string {
  return `${CONTENT_VERSION_PREFIX}--${createHash('sha256').update(JSON.stringify(items)).digest('hex').slice(0, 12)}`;
}

/** Compiles content/. Throws a ContentBuildError listing every problem. */
export async function compileContent(options: CompileOptions): Promise<CompiledSite> {
  const { contentDir } = options;
  const problems: string[] = [];
  const facts = collectFacts(readFileSync(options.readmePath, 'utf8'));
  const pages: ContentPage[] = [];
  const info: Record<string, unknown>[] = [];
  const folderTitles: Record<string, string> = {};
  const assets = new Map<string, string>();
  const search: SearchSection[] = [];

  for (const absolute of walk(contentDir).sort()) {
    const file = toPosix(relative(contentDir, absolute));
    const shown = `content/${file}`;
    if (file.endsWith('/_dir.yml')) {
      const data = parseYaml(readFileSync(absolute, 'utf8')) as { title?: unknown } | null;
      if (typeof data?.title !== 'string' || !data.title.trim()) problems.push(`${shown}: field "title": 不能为空`);
      else folderTitles[posix.dirname(file)] = data.title;
      continue;
    }
    if (file.startsWith('info/') && /\.ya?ml$/.test(file)) {
      try {
        const data = parseYaml(fillFacts(readFileSync(absolute, 'utf8'), facts, shown)) as unknown;
        const stem = file.replace(/\.ya?ml$/, '');
        info.push({ id: file, stem, ...(data && typeof data === 'object' ? data : { value: data }) });
      } catch (error) {
        problems.push(`${shown}: ${(error as Error).message}`);
      }
      continue;
    }
    if (!file.endsWith('.md') || file === 'README.md') continue;
    const collection = collectionOf(file);
    if (!collection) continue;
    let raw: string;
    try {
      raw = fillFacts(readFileSync(absolute, 'utf8'), facts, shown);
    } catch (error) {
      problems.push((error as Error).message);
      continue;
    }
    const { yaml, body } = splitFrontMatter(raw);
    let data: unknown;
    try {
      data = parseYaml(yaml) ?? {};
    } catch (error) {
      problems.push(`${shown}: front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const parsed = frontMatterSchema(collection).safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) problems.push(`${shown}: front matter "${issue.path.join('.') || '(root)'}": ${issue.message}`);
      continue;
    }
    const fields = parsed.data as Record<string, unknown> & { title: string; description: string; navigation: ContentPage['navigation']; seo: { title?: string; description?: string }; updated?: string };
    const stem = file.replace(/\.md$/, '');
    const path = pathOf(collection, stem);
    const known = new Set([...COMMON_FIELDS, ...Object.keys(COLLECTIONS[collection].fields.shape)]);
    const extra = Object.fromEntries(Object.entries((data ?? {}) as Record<string, unknown>).filter(([key]) => !known.has(key)));
    const compiled = await compileMarkdown(body, fields.title, (src) => {
      if (/^([a-z]+:|\/)/i.test(src)) return null;
      const from = join(dirname(absolute), src);
      if (!existsSync(from)) {
        problems.push(`${shown}: image "${src}" not found`);
        return null;
      }
      const target = `_content/${toPosix(relative(contentDir, from))}`;
      assets.set(from, target);
      return `/${target}`;
    });
    const updatedAt = gitDate(absolute) ?? fields.updated ?? statSync(absolute).mtime.toISOString().slice(0, 10);
    const { title, description, navigation, seo, updated: _updated, ...own } = fields;
    const page: ContentPage = {
      id: file,
      collection,
      title,
      description,
      path,
      stem,
      extension: 'md',
      navigation,
      seo: { title: seo.title ?? title, description: seo.description ?? description },
      body: { html: compiled.html, toc: compiled.toc },
      meta: { ...extra, updatedAt, ...(options.repoEditUrl ? { editUrl: `${options.repoEditUrl.replace(/\/+$/, '')}/content/${file}` } : {}) },
      ...own,
    };
    pages.push(page);
    if (collection === 'docs') {
      for (const section of compiled.sections) {
        search.push({ ...section, id: section.anchor ? `${path}#${section.anchor}` : path, path, pageTitle: title });
      }
    }
  }

  // The landing page and the docs index must exist: the site is built around them.
  for (const required of ['index', 'docs/index']) {
    if (!pages.some((p) => p.stem === required)) problems.push(`content/${required}.md: missing`);
  }
  const paths = new Map<string, string>();
  for (const page of pages) {
    const other = paths.get(page.path);
    if (other && COLLECTIONS[page.collection as PageCollectionName].routed) problems.push(`content/${page.id}: path ${page.path} is also content/${other}'s`);
    paths.set(page.path, page.id);
  }
  if (problems.length) throw new ContentBuildError(problems);

  const names: CollectionName[] = [...(Object.keys(COLLECTIONS) as PageCollectionName[]), 'info'];
  const collections = Object.fromEntries(
    names.map((name) => {
      const items = (name === 'info' ? info : pages.filter((p) => p.collection === name)).sort((a, b) => compareStems(String(a.stem), String(b.stem)));
      return [name, { collection: name, version: versionHash(items), items }];
    }),
  ) as Record<CollectionName, CompiledCollection>;

  const navigation = buildNavTree(pages.filter((p) => p.collection === 'docs' && p.stem !== 'docs/index'), 'docs', folderTitles);
  const changelog = changelogEntries(pages);
  const changelogInfo = (info.find((i) => i.stem === 'info/changelog') ?? {}) as { title?: string; description?: string };
  const changelogPage = { title: changelogInfo.title ?? '更新日志', description: changelogInfo.description ?? '', path: '/changelog', entries: changelog };

  const payloads = new Map<string, unknown>();
  const routed = pages.filter((p) => COLLECTIONS[p.collection as PageCollectionName].routed);
  const posts = pages
    .filter((p) => p.collection === 'posts')
    .map(({ title, description, path, date, badge, image, authors }) => ({ title, description, path, date, badge, image, authors }))
    .sort((a, b) => String(b.date).localeCompare(String(a.date)));
  for (const page of routed) payloads.set(page.path, page.path === '/about' ? { page, posts } : { page });
  payloads.set('/changelog', { page: changelogPage });

  const prerender: Record<string, PrerenderFragment> = {};
  for (const page of routed) prerender[page.path] = renderPrerender(page, { posts });
  prerender['/changelog'] = renderPrerender(changelogPage, {});

  const manifest: ContentManifest = {
    versions: Object.fromEntries(names.map((name) => [name, collections[name].version])) as Record<CollectionName, string>,
    routes: [
      ...routed.map((p) => ({ path: p.path, title: p.title, description: p.description, collection: p.collection, updatedAt: String(p.meta.updatedAt ?? '') })),
      { path: '/changelog', title: changelogPage.title, description: changelogPage.description, collection: 'changelog' as const, updatedAt: changelog[0]?.date ?? '' },
    ].sort((a, b) => a.path.localeCompare(b.path)),
  };
  return { collections, manifest, navigation, search, payloads, prerender, assets };
}

/** `versions` joined with their `changelog` notes by file name, newest first. */
function changelogEntries(pages: readonly ContentPage[]): ChangelogEntry[] {
  const notes = new Map(pages.filter((p) => p.collection === 'changelog').map((p) => [posix.basename(p.stem), p]));
  return pages
    .filter((p) => p.collection === 'versions')
    .map((version) => {
      const key = posix.basename(version.stem);
      const note = notes.get(key);
      return {
        version: key,
        date: String(version.date),
        ...(typeof version.image === 'string' ? { image: version.image } : {}),
        title: version.title,
        html: `${version.body.html}${note?.body.html ?? ''}`,
      };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || compareStems(b.version, a.version));
}
