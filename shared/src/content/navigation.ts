/**
 * The docs navigation tree (SPEC.md §3 "Navigation item"): built from a collection's pages,
 * ordered by stem, so numeric prefixes like `1.getting-started/` order the tree while the
 * compiled paths carry no prefix.
 */

/** One entry of the tree: a page (`page: true`) or a folder of pages. */
export interface NavItem {
  title: string;
  path: string;
  stem: string;
  page: boolean;
  children?: NavItem[];
}

/** What the tree needs of a page. */
export interface NavSource {
  title: string;
  path: string;
  stem: string;
  /** `false` hides the page from the tree; `{title}` renames it there. */
  navigation?: boolean | { title?: string } | undefined;
}

/** `1.getting-started` → `getting-started`; `10.faq` → `faq`. */
export function stripNumericPrefix(segment: string): string {
  return segment.replace(/^\d+\./, '');
}

/** Orders stems segment by segment, numeric prefixes numerically (`2.x` before `10.y`). */
export function compareStems(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    if (x === y) continue;
    const nx = /^(\d+)\./.exec(x);
    const ny = /^(\d+)\./.exec(y);
    if (nx && ny && nx[1] !== ny[1]) return Number(nx[1]) - Number(ny[1]);
    if (x === 'index') return -1;
    if (y === 'index') return 1;
    return x < y ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * Builds the tree below `rootStem` (e.g. `docs`). Folders take their title from `folderTitles`
 * (keyed by folder stem, e.g. `docs/1.getting-started`), else from their last segment. A
 * folder's `index` page becomes the folder's own path.
 */
export function buildNavTree(pages: readonly NavSource[], rootStem: string, folderTitles: Readonly<Record<string, string>> = {}): NavItem[] {
  const root: NavItem = { title: '', path: '', stem: rootStem, page: false, children: [] };
  const folders = new Map<string, NavItem>([[rootStem, root]]);
  const sorted = [...pages].filter((p) => p.navigation !== false && p.stem.startsWith(`${rootStem}/`)).sort((a, b) => compareStems(a.stem, b.stem));
  for (const page of sorted) {
    const segments = page.stem.slice(rootStem.length + 1).split('/');
    let parent = root;
    let stem = rootStem;
    let path = page.path.split('/').slice(0, rootStem.split('/').length + 1).join('/');
    for (const segment of segments.slice(0, -1)) {
      stem = `${stem}/${segment}`;
      path = `${parent === root ? `/${rootStem}` : parent.path}/${stripNumericPrefix(segment)}`;
      let folder = folders.get(stem);
      if (!folder) {
        folder = { title: folderTitles[stem] ?? stripNumericPrefix(segment), path, stem, page: false, children: [] };
        folders.set(stem, folder);
        parent.children?.push(folder);
      }
      parent = folder;
    }
    const title = typeof page.navigation === 'object' && page.navigation.title ? page.navigation.title : page.title;
    const last = segments[segments.length - 1];
    if (last === 'index' && parent !== root) {
      parent.title = folderTitles[parent.stem] ?? title;
      parent.page = true;
      continue;
    }
    parent.children?.push({ title, path: page.path, stem: page.stem, page: true });
  }
  return root.children ?? [];
}

/** The pages of a tree in reading order (for prev/next links). */
export function flattenNav(items: readonly NavItem[]): NavItem[] {
  return items.flatMap((item) => [...(item.page ? [item] : []), ...flattenNav(item.children ?? [])]);
}
