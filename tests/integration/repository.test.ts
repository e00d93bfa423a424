/**
 * The repository keeps its promises to operators: the documented configuration is a working
 * one, the compose file starts hubs with a valid configuration, every npm script runs something
 * that exists, and `npm test` stops with one line when Postgres or Redis is missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from '../../hub/src/lib/config';
import { freePort } from '../support/process-hub';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

/** `NAME=value` lines of .env.example: the active ones, and the commented examples (`# NAME=value`). */
function envExample(): { active: Record<string, string>; examples: Record<string, string> } {
  const active: Record<string, string> = {};
  const examples: Record<string, string> = {};
  for (const line of read('.env.example').split('\n')) {
    const match = /^(#\s?)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    (match[1] ? examples : active)[match[2]!] = match[3]!;
  }
  return { active, examples };
}

describe('repository', () => {
  it('starts from .env.example as it is: its active lines are a valid configuration', () => {
    const { active } = envExample();
    expect(() => loadConfig(active)).not.toThrow();
  });

  it.each(CONFIG_VARIABLES)('gives %s a working example in .env.example', (name) => {
    const { active, examples } = envExample();
    const value = active[name] ?? examples[name];
    expect(value, `${name} is missing from .env.example`).toBeDefined();
    // Placeholders (`<project>`) and empty secrets are for the operator to fill in.
    if (!value || value.includes('<')) return;
    expect(() => loadConfig({ [name]: value })).not.toThrow();
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ ANONYMOUS_TIMER_RETENTION_DAYS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY_HOPS: '0' })).toThrow(/TRUST_PROXY_HOPS/);
    expect(() => loadConfig({ MAX_SUBSCRIPTIONS_PER_ADDRESS: '-1' })).toThrow(
      /MAX_SUBSCRIPTIONS_PER_ADDRESS/,
    );
  });

  it('keeps docker-compose.yml valid: two hubs with a configuration the hub accepts, Postgres and Redis behind a proxy', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as {
      services: Record<string, { environment?: Record<string, string>; build?: unknown; image?: string }>;
    };
    expect(Object.keys(compose.services).sort()).toEqual(['hub-1', 'hub-2', 'postgres', 'proxy', 'redis']);
    for (const hub of ['hub-1', 'hub-2']) {
      expect(compose.services[hub]!.build).toBe('.');
      const environment = { ...compose.services[hub]!.environment, SITE_URL: 'http://localhost:3000' };
      expect(loadConfig(environment)).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgres:\/\//),
        REDIS_URL: expect.stringMatching(/^redis:\/\//),
        TRUST_PROXY: true,
      });
    }
  });

  it('runs every npm script from a file that exists', () => {
    const manifest = JSON.parse(read('package.json')) as {
      scripts: Record<string, string>;
      workspaces: string[];
    };
    expect(manifest.workspaces).toEqual(['shared', 'hub', 'client', 'integrations/companion']);
    for (const [name, script] of Object.entries(manifest.scripts)) {
      for (const file of script.match(/(?:scripts|bench)\/[\w./-]+\.(?:mjs|ts)/g) ?? [])
        expect(existsSync(`${root}${file}`), `${name}: ${file}`).toBe(true);
    }
  });

  it('stops `npm test` before the suite with one line when Postgres is not there', async () => {
    const closedPort = await freePort();
    const run = spawnSync(process.execPath, ['scripts/test-preflight.mjs'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/test` },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Postgres (127.0.0.1:${closedPort})`);
    expect(lines[0]).toContain('docker compose up -d postgres redis');
    expect(lines[0]).toMatch(/需要/);
    // With the machine's Postgres (the one this suite runs on) it lets the suite start.
    const ok = spawnSync(process.execPath, ['scripts/test-preflight.mjs'], { cwd: root, encoding: 'utf8' });
    expect([ok.status, ok.stderr]).toEqual([0, '']);
  });
});
