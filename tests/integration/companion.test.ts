/**
 * The Bitfocus Companion module, packaged the way Companion loads it (integrations/companion,
 * built by its build.mjs), started by a stand-in of Companion's module host that speaks its IPC
 * protocol (tests/fixtures/companion-host.ts), and driven against a real hub: buttons send
 * commands with an account's API token, and variables and feedbacks follow the push channel.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateManifest } from '@companion-module/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCompanionModule, type CompanionHostStandIn } from '../fixtures/companion-host';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { until } from '../support/until';

const MODULE_DIR = fileURLToPath(new URL('../../integrations/companion/', import.meta.url));
const PKG_DIR = `${MODULE_DIR}pkg`;

describe('Companion module against a real hub', () => {
  let hub: TestHub;
  let owner: TestAccount;
  let host: CompanionHostStandIn;
  let timerId: string;
  let token: string;

  const reading = async () =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read per field
    ((await (await fetch(`${hub.url}/api/v1/timers/${timerId}`)).json()) as { reading: Record<string, any> })
      .reading;
  const variable = (id: string, ok: (value: unknown) => boolean) => until(() => host.variables.get(id), ok);

  beforeAll(async () => {
    execFileSync(process.execPath, ['build.mjs'], { cwd: MODULE_DIR, stdio: 'pipe' });
    hub = await startHub();
    owner = await createAccount(hub, 'deck');
    const created = await owner.client.timer.create.mutate({ formatId: 'bp', name: '公开赛决赛' });
    timerId = created.id;
    await owner.client.manage.updateSettings.mutate({
      timerId,
      section: 'teams',
      value: { aff: { name: '复旦大学' }, neg: { name: '武汉大学' } },
    });
    token = (
      await owner.client.integrations.tokens.create.mutate({
        name: 'Stream Deck',
        scope: { timers: [timerId], lobbies: [] },
      })
    ).token;
    // BP opens with 15 minutes of prep; the buttons are tried from 首相 (the government's first speech, 7:00) on.
    await fetch(`${hub.url}/api/v1/timers/${timerId}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"type":"goto","stageIndex":1}',
    });
    host = await startCompanionModule(PKG_DIR);
    await host.init({ hubUrl: hub.url, timerId, token });
    await host.showFeedbacks({
      run: { feedbackId: 'running' },
      warn: { feedbackId: 'warning' },
      up: { feedbackId: 'time_up' },
      aff: { feedbackId: 'side', options: { side: 'aff' } },
    });
  });
  afterAll(async () => {
    await host?.close();
    await hub?.close();
  });

  it('is packaged as Companion loads modules', () => {
    const manifest = JSON.parse(readFileSync(`${PKG_DIR}/companion/manifest.json`, 'utf8'));
    expect(() => validateManifest(manifest, false)).not.toThrow();
    expect(manifest.runtime.entrypoint).toBe('../main.js');
    expect(manifest.runtime.apiVersion).toMatch(/^1\.\d+\.\d+$/);
    expect(host.actions()).toEqual(
      expect.arrayContaining([
        'toggle',
        'start',
        'pause',
        'next',
        'previous',
        'adjust',
        'switch_side',
        'bell',
        'message',
        'blackout',
      ]),
    );
  });

  it('shows the timer in variables and feedbacks, from the push channel', async () => {
    await until(
      () => host.status(),
      (status) => status === 'ok',
    );
    const first = await reading();
    await variable('stage', (value) => value === first.stage.name);
    expect(host.variables.get('remaining')).toBe('07:00');
    expect(host.variables.get('team_aff')).toBe('复旦大学');
    expect(host.variables.get('team')).toBe('复旦大学');
    expect(host.variables.get('next_stage')).toBe(first.next.name);
    await until(
      () => host.feedbacks.get('aff'),
      (value) => value === true,
    );
    expect(host.feedbacks.get('run')).toBe(false);
  });

  it('runs the timer from its buttons', async () => {
    await host.press('toggle');
    await until(reading, (r) => r.status === 'running');
    await until(
      () => host.feedbacks.get('run'),
      (value) => value === true,
    );
    await variable('status', (value) => value === 'running');
    // The remaining time counts between pushes, from the reading's absolute deadline.
    await variable(
      'remaining',
      (value) => typeof value === 'string' && value < '07:00' && value.startsWith('06:'),
    );

    await host.press('pause');
    await until(
      () => host.feedbacks.get('run'),
      (value) => value === false,
    );
    const before = (await reading()).active.remainingMs as number;
    await host.press('adjust', { seconds: -10 });
    await until(reading, (r) => r.active.remainingMs === before - 10_000);

    // Down to 5 s left: the warning feedback; then past zero: time up.
    await host.press('adjust', { seconds: -(before - 10_000 - 5_000) / 1000 });
    await host.press('start');
    await until(
      () => host.feedbacks.get('warn'),
      (value) => value === true,
    );
    await host.press('pause');
    await host.press('adjust', { seconds: -10 });
    await until(
      () => host.feedbacks.get('up'),
      (value) => value === true,
    );

    await host.press('next');
    await until(reading, (r) => r.stage.index === 2);
    await variable('stage_number', (value) => value === 3);
    await variable('team', (value) => value === '武汉大学');
    await until(
      () => host.feedbacks.get('aff'),
      (value) => value === false,
    );
    await host.press('previous');
    await until(reading, (r) => r.stage.index === 1);
  });

  it('sends bells, messages and blackouts; a refused command leaves the module running', async () => {
    await host.press('message', { text: '请保持安静' });
    await until(reading, (r) => r.overlay.message === '请保持安静');
    await host.press('blackout', { mode: 'on' });
    await until(reading, (r) => r.overlay.blackout === true);
    await host.press('clear_overlay');
    await until(reading, (r) => r.overlay.blackout === false && r.overlay.message === null);
    const version = (await reading()).version as number;
    await host.press('bell', { count: 2 });
    await until(reading, (r) => r.version === version + 1);
    // BP's first stage has one clock: switching sides is refused by the hub, and logged.
    await host.press('switch_side');
    expect(host.status()).toBe('ok');
  });

  it('stops working when its token is revoked', async () => {
    const [listed] = await owner.client.integrations.tokens.list.query();
    await owner.client.integrations.tokens.revoke.mutate({ tokenId: listed!.id });
    const version = (await reading()).version as number;
    await host.press('toggle');
    const refused = await fetch(`${hub.url}/api/v1/timers/${timerId}/commands`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"type":"toggle"}',
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { reason: string } }).error.reason).toBe('token-invalid');
    expect((await reading()).version).toBe(version);
  });
});
