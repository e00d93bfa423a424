import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The folders of hub/src must not import each other: when `a/` imports `b/` and `b/` imports
 * `a/`, neither can be read, moved or tested without the other, and the floors blur. Nor may a
 * longer chain come back to where it started (`a/` → `b/` → `c/` → `a/`): the folders stack in
 * floors, and every import points down. Files at the top of hub/src (main.ts, app.ts,
 * services.ts, app.router.ts, …) are the composition root and count as one node, `(top)`.
 *
 * The parse is deliberately simple: every relative `import … from`, `export … from`,
 * side-effect `import '…'` and `import('…')` in a .ts file, type-only imports included.
 */
const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));

/**
 * Pairs that still import each other, each with why it has not been untied yet. The list may
 * only shrink: a pair not listed here fails the test, and so does a listed pair that is gone.
 */
const KNOWN_PAIRS: Record<string, string> = {};

/**
 * Imports that close a longer cycle of folders (once the pairs above are set aside), each with
 * why it is still there; the same rules apply.
 */
const KNOWN_CYCLE_EDGES: Record<string, string> = {};

const IMPORT_PATTERN =
  /(?:^|[\n;}])\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** Every .ts file under `dir`, as absolute paths. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The top folder of hub/src a file belongs to, or `(top)` for the composition root. */
function folderOf(file: string): string {
  const parts = relative(SOURCE_ROOT, file).split(sep);
  return parts.length > 1 ? parts[0]! : '(top)';
}

/** `from → to → [file: specifier]` for every import that crosses a top folder of hub/src. */
function folderImports(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const file of sourceFiles(SOURCE_ROOT)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT_PATTERN)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(SOURCE_ROOT + sep)) continue;
      const from = folderOf(file);
      const to = folderOf(target);
      if (from === to) continue;
      const targets = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, targets);
      const sites = targets.get(to) ?? [];
      targets.set(to, sites);
      sites.push(`${relative(SOURCE_ROOT, file)}: ${specifier}`);
    }
  }
  return graph;
}

/** Folder pairs that import each other, as `a <-> b` (a before b), with the imports each way. */
function mutualPairs(graph: Map<string, Map<string, string[]>>): Map<string, string[]> {
  const pairs = new Map<string, string[]>();
  for (const [from, targets] of graph) {
    for (const [to, sites] of targets) {
      const back = graph.get(to)?.get(from);
      if (!back || from > to) continue;
      pairs.set(`${from} <-> ${to}`, [...sites, ...back]);
    }
  }
  return pairs;
}

/** Groups of two or more folders that reach each other (Tarjan's strongly connected components). */
function cycles(
  graph: Map<string, Map<string, string[]>>,
  skip: (from: string, to: string) => boolean,
): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (skip(node, next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      group.push(member);
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('hub/src folders', () => {
  const graph = folderImports();
  const pairs = mutualPairs(graph);
  const inPair = (from: string, to: string) =>
    pairs.has(from < to ? `${from} <-> ${to}` : `${to} <-> ${from}`);

  it('has no new pair of folders that import each other', () => {
    const unexpected = [...pairs].filter(([pair]) => !(pair in KNOWN_PAIRS));
    const report = unexpected.map(([pair, sites]) => `${pair}\n    ${sites.join('\n    ')}`).join('\n');
    expect(report, 'folders that import each other (move the code to where it belongs)').toBe('');
  });

  it('has no new longer cycle of folders', () => {
    const skip = (from: string, to: string) => inPair(from, to) || `${from} -> ${to}` in KNOWN_CYCLE_EDGES;
    const report = cycles(graph, skip).map((group) => {
      const edges = group.flatMap((from) =>
        [...(graph.get(from) ?? [])]
          .filter(([to]) => group.includes(to) && !skip(from, to))
          .flatMap(([to, sites]) => sites.map((site) => `${from} -> ${to}: ${site}`)),
      );
      return `${group.join(', ')}\n    ${edges.join('\n    ')}`;
    });
    expect(report.join('\n'), 'folders that reach each other through others (an import runs back up)').toBe(
      '',
    );
  });

  it('lists nothing that has already been untied', () => {
    const untiedPairs = Object.keys(KNOWN_PAIRS).filter((pair) => !pairs.has(pair));
    const untiedEdges = Object.keys(KNOWN_CYCLE_EDGES).filter((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      return !graph.get(from)?.has(to);
    });
    expect([...untiedPairs, ...untiedEdges], 'remove these from KNOWN_PAIRS / KNOWN_CYCLE_EDGES').toEqual([]);
  });
});
