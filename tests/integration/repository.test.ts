/** The repository keeps its promises to operators: documented configuration, a valid compose file. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONFIG_VARIABLES } from '../../hub/src/lib/config';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

describe('repository', () => {
  it.each(CONFIG_VARIABLES)('documents %s in .env.example and the README', (name) => {
    expect(read('.env.example')).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
    expect(read('README.md')).toContain(`\`${name}\``);
  });

  it('keeps docker-compose.yml valid: two hubs, Postgres and Redis behind a proxy', () => {
    const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, { environment?: Record<string, string>; build?: unknown; image?: string }> };
    expect(Object.keys(compose.services).sort()).toEqual(['hub-1', 'hub-2', 'postgres', 'proxy', 'redis']);
    for (const hub of ['hub-1', 'hub-2']) {
      expect(compose.services[hub]!.build).toBe('.');
      expect(compose.services[hub]!.environment).toMatchObject({
        DATABASE_URL: expect.stringMatching(/^postgres:\/\//),
        REDIS_URL: expect.stringMatching(/^redis:\/\//),
      });
    }
  });

  it('keeps the two commands and the test command in the README', () => {
    const readme = read('README.md');
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
    const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
    expect(manifest.workspaces).toEqual(['shared', 'hub', 'client']);
    for (const script of ['start', 'test', 'dev', 'build', 'lint', 'typecheck', 'bench']) expect(manifest.scripts[script]).toBeTruthy();
  });
});
