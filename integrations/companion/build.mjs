// Builds the module the way Companion loads modules: a folder with companion/manifest.json,
// companion/HELP.md, package.json and one bundled main.js (its dependencies inside), and the
// same folder packed as bianshi-companion-<version>.tgz for Companion's "Import module package".
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
const base = JSON.parse(
  readFileSync(new URL(import.meta.resolve('@companion-module/base/package.json')), 'utf8'),
);
const out = here('./pkg/');

rmSync(out, { recursive: true, force: true });
mkdirSync(here('./pkg/companion'), { recursive: true });
await build({
  entryPoints: [here('./src/main.ts')],
  outfile: here('./pkg/main.js'),
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node18',
  logLevel: 'warning',
});
const manifest = JSON.parse(readFileSync(here('./companion/manifest.json'), 'utf8'));
delete manifest.$schema;
manifest.version = pkg.version;
// The API version Companion checks is the version of @companion-module/base the bundle holds.
manifest.runtime.apiVersion = base.version;
writeFileSync(here('./pkg/companion/manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
cpSync(here('./companion/HELP.md'), here('./pkg/companion/HELP.md'));
writeFileSync(
  here('./pkg/package.json'),
  JSON.stringify(
    { name: pkg.name, version: pkg.version, license: pkg.license, main: 'main.js', type: 'commonjs' },
    null,
    2,
  ) + '\n',
);
const archive = `bianshi-companion-${pkg.version}.tgz`;
execFileSync('tar', ['-czf', archive, 'pkg'], { cwd: here('./') });
console.log(`built ${out} and ${archive}`);
