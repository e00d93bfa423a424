import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourceDigest } from '../../client/build/builds-plugin';

/**
 * The build id is what the update notice compares. It must follow the sources: the same tree
 * builds the same bundles (route budgets are measured to the byte), and any change to what the
 * build reads is a new build.
 */
describe('the build id', () => {
  const root = mkdtempSync(join(tmpdir(), 'bianshi-build-id-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  write('client/src/main.tsx', 'export {}');
  write('shared/src/index.ts', 'export const a = 1;');
  write('content/docs/index.md', '# 文档');
  write('package-lock.json', '{}');

  it('is the same for the same sources, and ignores outputs and dependencies', () => {
    const first = sourceDigest('1.0.0', root);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    write('client/dist/assets/index-abc.js', 'built');
    write('client/node_modules/x/index.js', 'dependency');
    expect(sourceDigest('1.0.0', root)).toBe(first);
  });

  it('changes with a source, a content page, the lock file or the version', () => {
    const before = sourceDigest('1.0.0', root);
    write('shared/src/index.ts', 'export const a = 2;');
    const afterShared = sourceDigest('1.0.0', root);
    expect(afterShared).not.toBe(before);
    write('content/docs/index.md', '# 文档 2');
    const afterContent = sourceDigest('1.0.0', root);
    expect(afterContent).not.toBe(afterShared);
    write('package-lock.json', '{"v":2}');
    expect(sourceDigest('1.0.0', root)).not.toBe(afterContent);
    expect(sourceDigest('1.0.1', root)).not.toBe(sourceDigest('1.0.0', root));
  });
});
