/**
 * What ships to browsers: the built client (client/dist) carries no server-only configuration
 * names, no secrets, no service-role tokens; the sources render no unsanitized HTML.
 * Runs in the e2e project because it reads the build (`npm run build -w client` first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../hub/src/lib/paths';

function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesBelow(path) : [path];
  });
}

/** Variables only the hub may know. The anon key and the Supabase URL are public by design. */
const SERVER_ONLY = [
  'SUPABASE_JWT_SECRET',
  'SUPABASE_SERVICE_ROLE_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'ADMIN_EMAILS',
  'OPENAI_API_KEY',
];

/**
 * The public docs, compiled from content/ at build time (`_content/*.json`, `<path>/_payload.json`).
 * The self-hosting and accounts pages name the server variables and show a placeholder connection
 * string (`postgres://user:pass@db-host…`) on purpose, so the name and URL checks skip them; the
 * token and key checks still read them. The leak test below still covers them with real values.
 */
const isPublishedDocs = (file: string) => /[\\/]_content[\\/]|[\\/]_payload\.json$/.test(file);

/**
 * Sources allowed to set HTML: the content feature's Article renders Markdown compiled at build
 * time from the repository's own content/ (client/build/content/markdown.ts), never user input.
 */
const TRUSTED_HTML = [join('features', 'content', 'components', 'article.tsx')];

describe('the client bundle', () => {
  const files = filesBelow(paths.clientDist).filter((file) =>
    /\.(js|mjs|html|css|json|webmanifest|txt|map)$/.test(file),
  );

  it('exists (build the client first)', () => {
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true);
  });

  it('names no server-only variable and holds no secret-looking value', () => {
    const findings: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      if (!isPublishedDocs(file)) {
        for (const name of SERVER_ONLY) if (text.includes(name)) findings.push(`${file}: ${name}`);
        if (/postgres(ql)?:\/\/[^\s"'`]*@/.test(text))
          findings.push(`${file}: a postgres URL with credentials`);
        if (/rediss?:\/\/[^\s"'`]*@/.test(text)) findings.push(`${file}: a redis URL with credentials`);
      }
      for (const token of text.match(/eyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]+/g) ?? []) {
        const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
          role?: string;
        };
        if (payload.role === 'service_role') findings.push(`${file}: a service_role JWT`);
      }
      if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)) findings.push(`${file}: a private key`);
    }
    expect(findings).toEqual([]);
  });

  it('leaves server-only values out even when they are in the build environment', () => {
    const marker = `leak-marker-${Date.now().toString(36)}`;
    const outDir = mkdtempSync(join(tmpdir(), 'bianshi-bundle-'));
    try {
      const clientDir = join(paths.clientDist, '..');
      const vite = join(clientDir, '..', 'node_modules', 'vite', 'bin', 'vite.js');
      const env = {
        ...process.env,
        SUPABASE_JWT_SECRET: `${marker}-jwt`,
        SUPABASE_SERVICE_ROLE_KEY: `${marker}-service`,
        DATABASE_URL: `postgres://u:${marker}@db/x`,
        ADMIN_EMAILS: `${marker}@x.test`,
      };
      // The site, then the display's own page into the same directory, as `npm run build` does.
      for (const args of [['--emptyOutDir'], ['--config', 'vite.display.config.ts']]) {
        const build = spawnSync(
          process.execPath,
          [vite, 'build', '--outDir', outDir, ...args, '--logLevel', 'error'],
          { cwd: clientDir, env, encoding: 'utf8', timeout: 240_000 },
        );
        expect(build.status, build.stderr).toBe(0);
      }
      expect(existsSync(join(outDir, 'display.html'))).toBe(true);
      const leaks = filesBelow(outDir).filter((file) => readFileSync(file, 'utf8').includes(marker));
      expect(leaks).toEqual([]);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  }, 300_000);

  it('renders no HTML from strings (React escapes everything else)', () => {
    const sources = filesBelow(join(paths.clientDist, '..', 'src')).filter(
      (file) =>
        /\.(ts|tsx)$/.test(file) &&
        !/\.test\.tsx?$/.test(file) &&
        !TRUSTED_HTML.some((trusted) => file.endsWith(trusted)),
    );
    const raw = sources.filter((file) =>
      /dangerouslySetInnerHTML|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML|document\.write\(/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(raw).toEqual([]);
  });
});
