/**
 * The Supabase realtime fallback in a real Chromium, against the Supabase stand-in and a hub in
 * its own process (so it can be SIGKILLed and started again on the same port):
 * - the hub dies mid-match; past the reconnect schedule the display follows `match:<id>` (备用通道)
 *   and keeps counting; the organizer pauses and adds time from the console, which runs the
 *   match itself and broadcasts it; the display follows (备用通道·主控离线操作);
 * - the hub comes back; the console replays its offline commands and the hub accepts them
 *   (离线操作已同步; the hub's log shows them as replayed);
 * - a display cut off from a hub that is still alive follows the hub's own mirror (`change`) and
 *   leaves the channel when the partition ends;
 * - a console cut off while the hub moved on gets the Chinese conflict dialog; 以本机为准 replays
 *   with force, 保留服务器状态 drops the offline commands; the log survives a reload.
 * - a display whose hub dies before supabase-js has arrived cannot follow the channel: it stays on
 *   its counting clock and says 离线, instead of reloading into the browser's error page;
 * - the channel is public: a fallen-back display drops what anyone with the anon key sends there
 *   (unsigned, signed by another key, tampered, replayed, a console certificate of another timer)
 *   and shows what the hub and a certified console of this timer signed;
 * No page may report a Content-Security-Policy violation (connect-src must allow Supabase).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import type { FallbackEnvelope, MatchState } from '@bianshi/shared';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest } from '../../client/build/route-chunks';
import { ConsoleSigningKey } from '../../client/src/lib/realtime/timer/fallback-signature';
import { testFallbackKey } from '../../client/src/lib/realtime/timer/test-fixtures';
import {
  NODE_REALTIME_TRANSPORT,
  startSupabaseStandin,
  type SupabaseStandin,
} from '../fixtures/supabase-standin';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { httpClient } from '../support/trpc';
import { holds } from '../support/until';
import { launchBrowser, openPage } from './support/browser';
import { badge, clockText, running } from './support/display-readers';
import { speechFormat } from '../support/formats';

const format = speechFormat('fallback-e2e', '备用通道测试', [180_000, 180_000]);

/** The hub socket gives up after 1 + 2 + 5 + 10 s of failed attempts (plus connect timeouts on a busy machine). */
const FALLBACK_WAIT = { timeout: 90_000 };
const WAIT = { timeout: 30_000 };

/** supabase-js's own chunk, which a screen loads while its hub still answers (`loadSupabase`). */
const SUPABASE_CHUNK = Object.entries(readManifest(join(process.cwd(), 'client', 'dist'))).find(([source]) =>
  source.includes('/@supabase/supabase-js/'),
)?.[1].file;
if (!SUPABASE_CHUNK) throw new Error('no supabase-js chunk in the build manifest');

let standin: SupabaseStandin;
let browser: Browser;
let hub: HubProcess;
let dataDir: string;
let env: Record<string, string>;

beforeAll(async () => {
  [standin, browser, dataDir] = await Promise.all([
    startSupabaseStandin(),
    launchBrowser(),
    mkdtemp(join(tmpdir(), 'bianshi-fallback-')),
  ]);
  // A private copy of the built client: a rebuild by someone else mid-test would rename the lazy
  // chunks, and a page reloading while its hub is down stays blank.
  const clientDist = join(dataDir, 'client-dist');
  await cp(join(process.cwd(), 'client', 'dist'), clientDist, { recursive: true });
  env = {
    SUPABASE_URL: standin.url,
    SUPABASE_ANON_KEY: standin.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: standin.serviceRoleKey,
    DATA_DIR: join(dataDir, 'data'),
    CLIENT_DIST: clientDist,
  };
  hub = await spawnHub(env);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await hub?.kill('SIGTERM');
  await standin?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function createTimer() {
  const created = await httpClient(hub.url).timer.create.mutate({ name: '备用通道演练', format });
  return {
    ...created,
    controller: () => httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }),
  };
}

/** Opens the console through its control link and waits for the live preview. */
async function openConsole(shortid: string, controlKey: string) {
  const opened = watchCsp(await openPage(browser, { viewport: { width: 1440, height: 900 } }));
  await opened.page.goto(`${hub.url}/timer/manage/${shortid}#key=${controlKey}`);
  await opened.page.getByTestId('console-stage-name').waitFor(WAIT);
  await expect
    .poll(() => opened.page.locator('.console-conn').getAttribute('data-status'), WAIT)
    .toBe('online');
  return opened;
}

/** Collects Content-Security-Policy violations (the Supabase URL must be allowed in connect-src) into `errors`. */
function watchCsp<T extends { page: Page; errors: string[] }>(opened: T): T {
  opened.page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) opened.errors.push(message.text());
  });
  return opened;
}

async function openDisplay(timerId: string, prepare?: (context: BrowserContext) => Promise<void>) {
  const opened = watchCsp(await openPage(browser, { viewport: { width: 1280, height: 720 } }));
  await opened.context.addInitScript(() => window.localStorage.setItem('bianshi:display:ring', '0'));
  await prepare?.(opened.context);
  await opened.page.goto(`${hub.url}/timer/${timerId}`);
  await opened.page.getByRole('timer').first().waitFor(WAIT);
  await expect.poll(() => badge(opened.page), WAIT).toBe('在线');
  return opened;
}

/** Waits until `page` holds supabase-js: from then on it can follow the channel without its hub. */
async function fallbackLoaded(page: Page) {
  const loaded = () =>
    page.evaluate(
      (file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(`/${file}`)),
      SUPABASE_CHUNK,
    );
  await expect.poll(loaded, WAIT).toBe(true);
}

/** Time left on the first clock of a paused state, as the display writes it (mm:ss, whole seconds up). */
function remainingOf(state: MatchState): number {
  const clock = state.stages[state.stageIndex]!.clocks[0]!;
  return clock.budgetMs - clock.usedMs;
}
const mmss = (ms: number) => {
  const s = Math.ceil(ms / 1_000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

/** Joins `topic` with supabase-js and hands every `change` broadcast to `onChange`. */
async function joined(
  client: SupabaseClient,
  topic: string,
  onChange: (envelope: FallbackEnvelope) => void,
): Promise<RealtimeChannel> {
  const channel = client.channel(topic, { config: { broadcast: { self: false, ack: true } } });
  channel.on('broadcast', { event: 'change' }, ({ payload }) => onChange(payload as FallbackEnvelope));
  await new Promise<void>((resolve, reject) =>
    channel.subscribe((status) =>
      status === 'SUBSCRIBED'
        ? resolve()
        : status === 'CHANNEL_ERROR' || status === 'TIMED_OUT'
          ? reject(new Error(status))
          : undefined,
    ),
  );
  return channel;
}

/** Presses a console shortcut with the focus on the page body. */
async function press(page: Page, key: string) {
  await page.locator('body').focus();
  await page.keyboard.press(key);
}

describe('Supabase realtime fallback in the browser', () => {
  it('keeps the display right through a hub crash, lets the organizer keep control, and replays on return', async () => {
    const timer = await createTimer();
    const ctl = await openConsole(timer.shortid, timer.controlKey);
    const display = await openDisplay(timer.id);

    await press(ctl.page, ' ');
    await expect.poll(() => running(display.page), WAIT).toBe('true');
    // (On a busy machine the screens can still be fetching supabase-js here; the last test is
    // about a hub that dies before it has arrived.)
    await fallbackLoaded(display.page);
    await fallbackLoaded(ctl.page);

    // The hub dies. Past the reconnect schedule both screens follow the Supabase channel.
    await hub.kill('SIGKILL');
    await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('备用通道');
    await expect
      .poll(
        () =>
          ctl.page
            .getByTestId('fallback-authority')
            .innerText()
            .catch(() => ''),
        FALLBACK_WAIT,
      )
      .toContain('备用通道·本机主控');
    await standin.realtime.waitForSubscribers(`match:${timer.matchId}`, 2, { timeoutMs: 30_000 });
    // Still counting from absolute time.
    const before = await clockText(display.page);
    await expect.poll(() => clockText(display.page), { timeout: 5_000 }).not.toBe(before);

    // The organizer pauses and adds ten seconds from the console; the display follows the channel.
    await press(ctl.page, ' ');
    await expect.poll(() => running(ctl.page), WAIT).toBe('false');
    await press(ctl.page, '+');
    await expect
      .poll(() => ctl.page.getByTestId('fallback-authority').innerText(), WAIT)
      .toContain('2 条离线操作待同步');
    const consoleShows = await clockText(ctl.page);
    await expect.poll(() => running(display.page), WAIT).toBe('false');
    await expect.poll(() => clockText(display.page), WAIT).toBe(consoleShows);
    await expect.poll(() => badge(display.page), WAIT).toBe('备用通道·主控离线操作');
    const consoleStates = standin.realtime
      .messages()
      .filter(
        (message) =>
          message.event === 'broadcast' && JSON.stringify(message.payload).includes('fallback-state'),
      );
    expect(consoleStates.length).toBeGreaterThanOrEqual(2);

    // The hub returns on the same port: the console replays, the hub accepts.
    hub = await spawnHub(env, Number(new URL(hub.url).port));
    await ctl.page.getByText('离线操作已同步').waitFor(FALLBACK_WAIT);
    await ctl.page.getByTestId('fallback-authority').waitFor({ state: 'detached', ...WAIT });
    const controller = timer.controller();
    const fresh = await controller.timer.get.query({ id: timer.id });
    expect(fresh.state.version).toBe(3);
    expect(fresh.state.status).toBe('paused');
    const log = await controller.timer.log.query({ timerId: timer.id });
    expect(log.entries.map((entry) => entry.actor).slice(-2)).toEqual(['replay:http', 'replay:http']);

    // Back online, the display shows the hub's (same) state and stays paused.
    await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('在线');
    expect(await clockText(display.page)).toBe(consoleShows);
    expect(await running(display.page)).toBe('false');
    expect([...ctl.errors, ...display.errors]).toEqual([]);
    await ctl.context.close();
    await display.context.close();
  }, 300_000);

  it('a display cut off from a live hub follows the hub’s mirror on the channel', async () => {
    const timer = await createTimer();
    // The page's hub socket goes through a route: connected to the hub, or (partitioned) a
    // silent socket that never reaches it. Supabase's socket is not routed.
    let partitioned = false;
    const routes: WebSocketRoute[] = [];
    const display = await openDisplay(timer.id, (context) =>
      context.routeWebSocket(/\/api\/trpc/, (route) => {
        if (!partitioned) route.connectToServer();
        routes.push(route);
      }),
    );
    await timer.controller().timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
    await expect.poll(() => running(display.page), WAIT).toBe('true');

    // Partition: the hub socket is cut and the browser reports the network gone; Supabase answers.
    partitioned = true;
    for (const route of routes.splice(0)) await route.close();
    await display.page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('备用通道');
    await standin.realtime.waitForSubscribers(`match:${timer.matchId}`, 1, { timeoutMs: 30_000 });

    // The organizer (reaching the hub) pauses and takes ten seconds; the mirror brings it over.
    await timer.controller().timer.command.mutate({ timerId: timer.id, command: { type: 'pause' } });
    await timer
      .controller()
      .timer.command.mutate({ timerId: timer.id, command: { type: 'adjust', deltaMs: -10_000 } });
    await expect.poll(() => running(display.page), WAIT).toBe('false');
    const fresh = await timer.controller().timer.get.query({ id: timer.id });
    const remainingS = Math.ceil((180_000 - fresh.state.stages[0]!.clocks[0]!.usedMs) / 1_000);
    const shown = `${String(Math.floor(remainingS / 60)).padStart(2, '0')}:${String(remainingS % 60).padStart(2, '0')}`;
    await expect.poll(() => clockText(display.page), WAIT).toBe(shown);
    expect(await badge(display.page)).toBe('备用通道');
    // It came over the channel: the stand-in delivered the hub's change of version 3 to a subscriber.
    const delivered = standin.realtime
      .messages()
      .filter(
        (message) =>
          message.direction === 'out' &&
          message.event === 'broadcast' &&
          message.topic === `realtime:match:${timer.matchId}`,
      )
      .map((message) => message.payload as { event?: string; payload?: FallbackEnvelope });
    const versionOf = (envelope?: FallbackEnvelope) =>
      envelope ? (JSON.parse(envelope.body) as { version?: number }).version : undefined;
    expect(delivered.some((message) => message.event === 'change' && versionOf(message.payload) === 3)).toBe(
      true,
    );

    // The partition ends: back on the hub socket, the channel is left.
    partitioned = false;
    for (const route of routes.splice(0)) await route.close();
    await display.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('在线');
    await expect
      .poll(
        () =>
          standin.realtime.channels().find((channel) => channel.subTopic === `match:${timer.matchId}`)
            ?.subscribers.length ?? 0,
        WAIT,
      )
      .toBe(0);
    expect(await clockText(display.page)).toBe(shown);
    expect(display.errors).toEqual([]);
    await display.context.close();
  }, 180_000);

  it('asks the organizer which state wins when the hub moved on, and replays with force on 以本机为准', async () => {
    const timer = await createTimer();
    const ctl = await openConsole(timer.shortid, timer.controlKey);
    await press(ctl.page, ' ');
    await expect.poll(() => running(ctl.page), WAIT).toBe('true');

    // This console loses the network (the browser says so at once: 离线) while the hub stays up.
    await ctl.context.setOffline(true);
    await expect
      .poll(
        () =>
          ctl.page
            .getByTestId('fallback-authority')
            .innerText()
            .catch(() => ''),
        FALLBACK_WAIT,
      )
      .toContain('备用通道·本机主控');
    await press(ctl.page, '-');
    await expect
      .poll(() => ctl.page.getByTestId('fallback-authority').innerText(), WAIT)
      .toContain('1 条离线操作待同步');
    // Meanwhile someone else moves the match on at the hub.
    await timer.controller().timer.command.mutate({ timerId: timer.id, command: { type: 'next' } });

    await ctl.context.setOffline(false);
    const dialog = ctl.page.getByRole('dialog', { name: '离线期间服务器状态已变化' });
    await dialog.waitFor(FALLBACK_WAIT);
    expect(await dialog.getByRole('button', { name: '保留服务器状态' }).count()).toBe(1);
    // The hub's own reason: the match moved on, choose.
    expect(await dialog.locator('.fallback-reason').innerText()).toMatch(/^服务器说明：.*选择/);
    // The choice is required: Escape does not make it go away.
    await ctl.page.keyboard.press('Escape');
    // Watched for 0.3 s: it stays open.
    await holds(
      () => dialog.isVisible(),
      (open) => open,
      300,
    );
    await dialog.waitFor(WAIT);
    // A reload keeps the offline log (sessionStorage): the replay is tried again and asks again.
    await ctl.page.reload();
    await dialog.waitFor(FALLBACK_WAIT);
    expect(await dialog.innerText()).toContain('本机进行了 1 项操作');
    await dialog.getByRole('button', { name: '以本机为准' }).click();
    await ctl.page.getByText('已以本机为准，离线操作已提交服务器').waitFor(WAIT);
    const fresh = await timer.controller().timer.get.query({ id: timer.id });
    expect(fresh.state.version).toBe(3);
    expect(fresh.state.stageIndex).toBe(1);
    // −10 s applied on top of the hub's state: the current (second) stage lost ten seconds.
    expect(fresh.state.stages[1]!.clocks[0]!.usedMs).toBe(10_000);
    await expect
      .poll(() => ctl.page.getByTestId('console-stage-name').innerText(), WAIT)
      .toBe('反方一辩 立论');

    // Once more, and this time the organizer keeps the server's state: the offline command is dropped.
    await ctl.context.setOffline(true);
    await expect
      .poll(
        () =>
          ctl.page
            .getByTestId('fallback-authority')
            .innerText()
            .catch(() => ''),
        FALLBACK_WAIT,
      )
      .toContain('备用通道·本机主控');
    await press(ctl.page, ' ');
    await expect
      .poll(() => ctl.page.getByTestId('fallback-authority').innerText(), WAIT)
      .toContain('1 条离线操作待同步');
    await timer.controller().timer.command.mutate({ timerId: timer.id, command: { type: 'prev' } });
    await ctl.context.setOffline(false);
    await dialog.waitFor(FALLBACK_WAIT);
    await dialog.getByRole('button', { name: '保留服务器状态' }).click();
    await ctl.page.getByText('已保留服务器状态，离线操作已放弃').waitFor(WAIT);
    await expect
      .poll(() => ctl.page.getByTestId('console-stage-name').innerText(), WAIT)
      .toBe('正方一辩 立论');
    const kept = await timer.controller().timer.get.query({ id: timer.id });
    expect(kept.state.version).toBe(4);
    expect(kept.state.status).not.toBe('running');
    expect(ctl.errors).toEqual([]);
    await ctl.context.close();
  }, 180_000);

  it('drops what anyone may send on the public channel, and shows what the hub and a certified console signed', async () => {
    const timer = await createTimer();
    const controller = timer.controller();
    // Someone with the public anon key and the match id, on the real supabase-js: listens, then sends.
    const attacker = createClient(standin.url, standin.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NODE_REALTIME_TRANSPORT },
    });
    const captured: FallbackEnvelope[] = [];
    const channel = await joined(attacker, `match:${timer.matchId}`, (envelope) => captured.push(envelope));
    try {
      let partitioned = false;
      const routes: WebSocketRoute[] = [];
      const display = await openDisplay(timer.id, (context) =>
        context.routeWebSocket(/\/api\/trpc/, (route) => {
          if (!partitioned) route.connectToServer();
          routes.push(route);
        }),
      );
      await controller.timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
      await expect.poll(() => running(display.page), WAIT).toBe('true');
      await expect.poll(() => captured.length, WAIT).toBe(1);

      // The display is cut off from its (live) hub and follows the channel.
      partitioned = true;
      for (const route of routes.splice(0)) await route.close();
      await display.page.evaluate(() => window.dispatchEvent(new Event('offline')));
      await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('备用通道');
      await standin.realtime.waitForSubscribers(`match:${timer.matchId}`, 2, { timeoutMs: 30_000 });
      // From here on, everything the display shows is written down.
      await display.page.evaluate(() => {
        const seen: { clock: string; running: string | null; badge: string; phase: string }[] = [];
        const w = window as unknown as { __seen: typeof seen; __phase: string };
        w.__seen = seen;
        w.__phase = 'running';
        const note = () =>
          seen.push({
            clock: document.querySelector('[role="timer"]')?.textContent ?? '',
            running: document.querySelector('.td-clock')?.getAttribute('data-running') ?? null,
            badge: document.querySelector('[data-testid="connection-badge"]')?.textContent ?? '',
            phase: w.__phase,
          });
        new MutationObserver(note).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });

      // The hub's signed mirror is shown: paused.
      await controller.timer.command.mutate({ timerId: timer.id, command: { type: 'pause' } });
      const paused = (await controller.timer.get.query({ id: timer.id })).state as MatchState;
      await expect.poll(() => clockText(display.page), WAIT).toBe(mmss(remainingOf(paused)));
      await display.page.evaluate(() => ((window as unknown as { __phase: string }).__phase = 'paused'));
      await expect.poll(() => captured.length, WAIT).toBe(2);

      // Forgeries, each newer than what the display shows, each claiming 01:11 left (or, replayed, an old running clock).
      const forged: MatchState = { ...structuredClone(paused), version: 50 };
      forged.stages[0]!.clocks[0]!.usedMs = 180_000 - 71_000;
      const changeBody = (state: MatchState) => ({
        kind: 'change',
        matchId: timer.matchId,
        version: state.version,
        state,
        events: [],
        serverNow: Date.now(),
      });
      const consoleBody = (state: MatchState, timerId = timer.id) => ({
        kind: 'fallback-state',
        matchId: timer.matchId,
        timerId,
        baseVersion: paused.version,
        version: state.version,
        state,
        commands: [],
        events: [],
      });
      const stranger = await testFallbackKey();
      const theirKey = (await ConsoleSigningKey.generate())!;
      // The attacker's own timer: a real certificate from this hub, for another timer.
      const own = await createTimer();
      const ownCertificate = (
        await own.controller().fallback.certificate.mutate({ timerId: own.id, publicKey: theirKey.publicKey })
      ).certificate;
      const tampered = (envelope: FallbackEnvelope) => {
        const body = JSON.parse(envelope.body) as { version: number; state: MatchState };
        body.version = body.state.version = 50;
        body.state.stages[0]!.clocks[0]!.usedMs = 180_000 - 71_000;
        return { ...envelope, body: JSON.stringify(body) };
      };
      const forgeries: [string, unknown][] = [
        ['change', { version: 50, state: forged, events: [], serverNow: Date.now() }],
        ['change', await stranger.seal(changeBody(forged))],
        ['change', tampered(captured[1]!)],
        ['change', captured[0]],
        [
          'fallback-state',
          await theirKey.seal(
            consoleBody({ ...forged, version: 60 }),
            (await stranger.certify(timer.id, theirKey.publicKey, Date.now())).certificate,
          ),
        ],
        [
          'fallback-state',
          await theirKey.seal(consoleBody({ ...forged, version: 61 }, own.id), ownCertificate),
        ],
        ['fallback-state', await theirKey.seal(consoleBody({ ...forged, version: 62 }), ownCertificate)],
      ];
      standin.realtime.clearMessages();
      for (const [event, payload] of forgeries) await channel.send({ type: 'broadcast', event, payload });
      // Every forgery reached the display's socket.
      const delivered = () =>
        standin.realtime
          .messages()
          .filter(
            (m) =>
              m.direction === 'out' &&
              m.event === 'broadcast' &&
              m.topic === `realtime:match:${timer.matchId}`,
          ).length;
      await expect.poll(delivered, WAIT).toBe(forgeries.length);

      // The hub's next change still shows (a believed forgery, newer, would have kept it out).
      await controller.timer.command.mutate({
        timerId: timer.id,
        command: { type: 'adjust', deltaMs: -10_000 },
      });
      const adjusted = (await controller.timer.get.query({ id: timer.id })).state as MatchState;
      await expect.poll(() => clockText(display.page), WAIT).toBe(mmss(remainingOf(adjusted)));
      expect(await badge(display.page)).toBe('备用通道');

      // A console of this timer with the hub's certificate for its key is believed.
      const consoleKey = (await ConsoleSigningKey.generate())!;
      const certificate = (
        await controller.fallback.certificate.mutate({ timerId: timer.id, publicKey: consoleKey.publicKey })
      ).certificate;
      const offline: MatchState = { ...structuredClone(adjusted), version: adjusted.version + 1 };
      offline.stages[0]!.clocks[0]!.usedMs -= 20_000;
      await channel.send({
        type: 'broadcast',
        event: 'fallback-state',
        payload: await consoleKey.seal(
          { ...consoleBody(offline), baseVersion: adjusted.version },
          certificate,
        ),
      });
      await expect.poll(() => clockText(display.page), WAIT).toBe(mmss(remainingOf(offline)));
      await expect.poll(() => badge(display.page), WAIT).toBe('备用通道·主控离线操作');

      // Nothing forged was ever on the screen, not even for a frame.
      const seen = await display.page.evaluate(
        () =>
          (
            window as unknown as {
              __seen: { clock: string; running: string | null; badge: string; phase: string }[];
            }
          ).__seen,
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.filter((entry) => entry.clock.includes('01:11'))).toEqual([]);
      expect(seen.filter((entry) => entry.phase === 'paused' && entry.running === 'true')).toEqual([]);
      expect(display.errors).toEqual([]);
      await display.context.close();
    } finally {
      await attacker.removeChannel(channel);
    }
  }, 180_000);

  it('keeps a display whose hub dies before supabase-js arrived on its counting clock, saying 离线', async () => {
    const timer = await createTimer();
    // supabase-js is held back until the hub is gone, so the request for it fails.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const display = await openDisplay(timer.id, async (context) => {
      await context.route(
        (url) => url.pathname === `/${SUPABASE_CHUNK}`,
        async (route) => {
          await held;
          await route.continue().catch(() => undefined);
        },
      );
    });
    const navigations: string[] = [];
    display.page.on('framenavigated', (frame) => {
      if (frame === display.page.mainFrame()) navigations.push(frame.url());
    });
    const chunkFailed = display.page.waitForEvent('requestfailed', {
      predicate: (request) => request.url().endsWith(`/${SUPABASE_CHUNK}`),
      ...FALLBACK_WAIT,
    });
    await timer.controller().timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
    await expect.poll(() => running(display.page), WAIT).toBe('true');

    await hub.kill('SIGKILL');
    release();
    await chunkFailed;
    // Past the reconnect schedule: the display tried the channel, could not load supabase-js, and
    // says so plainly. It never reloaded (with its hub gone, that is the browser's error page).
    await expect.poll(() => badge(display.page), FALLBACK_WAIT).toBe('离线');
    expect(navigations).toEqual([]);
    const before = await clockText(display.page);
    await expect.poll(() => clockText(display.page), { timeout: 5_000 }).not.toBe(before);
    expect(await running(display.page)).toBe('true');
    expect(display.errors).toEqual([]);
    await display.context.close();
    // The hub stays down: this is the last test.
  }, 180_000);
});
