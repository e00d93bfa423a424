// `npm test` after the build: the browser files in one Vitest process and the unit and
// integration files in another, side by side, one file at a time each; then the files that time
// the hub under attack, alone. On this 2-core machine the two lanes overlap well (a browser file
// spends much of its time waiting on clocks and pages), while a third file at once only starved
// the others (CONTRIBUTING.md, Tests). With arguments (`npm test -- tests/e2e/overlay.test.ts`),
// one Vitest runs them.
import { spawn } from 'node:child_process';

const vitest = ['node_modules/vitest/vitest.mjs', 'run'];
const args = process.argv.slice(2);

/** Runs Vitest with `extra`, each output line prefixed by `label`; resolves to its exit code. */
function lane(label, extra) {
  const started = Date.now();
  const child = spawn(process.execPath, [...vitest, ...extra], {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = label ? `${label} │ ` : '';
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(prefix + line + '\n');
    });
    stream.on('end', () => rest && out.write(prefix + rest + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ label, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

/**
 * Files that measure how fast the hub stays while attacked (an answer under a second): run alone
 * after the lanes, where other files' load cannot be mistaken for the attack's.
 */
const ALONE = ['tests/integration/abuse.test.ts', 'tests/integration/abuse-regex.test.ts'];

let results;
if (args.length > 0) {
  results = [await lane('', args)];
} else {
  results = await Promise.all([
    lane('browser', ['--project', 'e2e']),
    lane('node', [
      '--project',
      'unit',
      '--project',
      'integration',
      ...ALONE.flatMap((file) => ['--exclude', file]),
    ]),
  ]);
  results.push(await lane('alone', ALONE));
  for (const { label, code, seconds } of results)
    process.stdout.write(`${label}: ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s\n`);
}
process.exit(results.some((result) => result.code !== 0) ? 1 : 0);
