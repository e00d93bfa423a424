/**
 * A screen's page carries its first state (hub/src/transport/page-state.ts): `/timer/:id` the
 * timer's watch snapshot, `/lobby/:id` the lobby's, each only when the address alone may watch
 * it, never stored by caches, and current on every hub of a scaled-out deployment. Reads the
 * build (`npm run build` first), like the other tests of this folder.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_STATE_ID } from '@bianshi/shared';
import { drawScreen } from '../../hub/src/transport/page-render';
import { embedState } from '../../hub/src/transport/page-state';
import { speechFormat } from '../support/formats';
import { startHub, type TestHub } from '../support/hub';
import { httpClient, type HubClient } from '../support/trpc';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { until } from '../support/until';

interface Page {
  status: number;
  headers: Headers;
  html: string;
  /** The embedded block, parsed; null when the page has none. */
  state: { serverNow: number; watch: Record<string, unknown> & { type: string; version: number } } | null;
  /** The screen the hub drew (page-render.ts); null when it drew none. */
  drawn: string | null;
}

const BLOCK = new RegExp(`<script type="application/json" id="${EMBEDDED_STATE_ID}">([^<]*)</script>`);

async function page(url: string, init: RequestInit = {}): Promise<Page> {
  const response = await fetch(url, init);
  const html = await response.text();
  const block = BLOCK.exec(html)?.[1];
  const drawn = /<!--bs-drawn-->([\s\S]*?)<!--\/bs-drawn-->/.exec(html)?.[1] ?? null;
  return {
    status: response.status,
    headers: response.headers,
    html,
    state: block ? (JSON.parse(block) as Page['state']) : null,
    drawn,
  };
}

describe('screens carry their first state in their page', () => {
  let hub: TestHub;
  let anonymous: HubClient;
  beforeAll(async () => {
    hub = await startHub();
    anonymous = httpClient(hub.url);
  });
  afterAll(async () => {
    await hub?.close();
  });

  it("a display's page holds the snapshot its watch gets first, stamped with the hub's clock, never stored", async () => {
    // A name that would end a careless script block.
    const created = await anonymous.timer.create.mutate({
      name: '决赛</script><b>x',
      format: speechFormat('page-state', '立论', [180_000]),
    });
    const before = Date.now();
    const display = await page(`${hub.url}/timer/${created.id}`);
    const after = Date.now();
    expect(display.status).toBe(200);
    expect(display.headers.get('cache-control')).toBe('no-store');
    expect(display.headers.get('x-bianshi-page')).toBe('display.html');
    expect(display.html).toContain('<script type="module"');
    expect(display.html).not.toContain('</script><b>x');
    const fetched = await anonymous.timer.get.query({ id: created.id });
    expect(display.state?.serverNow).toBeGreaterThanOrEqual(before);
    expect(display.state?.serverNow).toBeLessThanOrEqual(after);
    expect(display.state?.watch).toMatchObject({
      type: 'snapshot',
      matchId: fetched.matchId,
      version: fetched.state.version,
      timer: { id: created.id, name: '决赛</script><b>x' },
    });
    expect(display.state?.watch['state']).toEqual(fetched.state);
    // Drawn from that state by the display's own components, in place of the splash.
    expect(display.drawn).toMatch(
      /<span[^>]*role="timer"[^>]*aria-label="正方 剩余 3分0秒"[^>]*>03:00<\/span>/,
    );
    expect(display.drawn).toContain('data-testid="display-stage"');
    expect(display.html).not.toContain('class="splash"');

    // By short id and by match; a command is in the next page.
    expect((await page(`${hub.url}/timer/${created.shortid}`)).state?.watch).toMatchObject({
      matchId: fetched.matchId,
    });
    expect(
      (await page(`${hub.url}/timer/${created.id}/${fetched.matchId}?role=judge`)).state?.watch,
    ).toMatchObject({ matchId: fetched.matchId });
    const controller = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    const started = await controller.timer.command.mutate({
      timerId: created.id,
      command: { type: 'start' },
    });
    const running = await page(`${hub.url}/timer/${created.id}`);
    expect(running.state?.watch).toMatchObject({ version: started.version, state: { status: 'running' } });
    expect(running.drawn).toContain('data-running="true"');

    // Compressed like any page (fetch decodes it).
    const compressed = await page(`${hub.url}/timer/${created.id}`, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.state?.watch).toMatchObject({ version: started.version });
  });

  it('no state for a timer or match that does not exist, for HEAD, or for a private timer without its key in the address', async () => {
    // No such timer: 404 with the site's 404 page (marked for the app), never a state or a drawn screen.
    for (const path of ['/timer/no-such-timer', '/timer/abc/match-1']) {
      const missing = await page(`${hub.url}${path}`);
      expect(
        [missing.status, missing.state, missing.drawn, missing.headers.get('cache-control')],
        path,
      ).toEqual([404, null, null, 'no-store']);
      expect(missing.html).toContain('<meta name="bianshi-status" content="404"');
    }
    const created = await anonymous.timer.create.mutate({ name: '私有', private: true });
    expect((await page(`${hub.url}/timer/${created.id}/no-such-match`)).state).toBeNull();
    const refused = await page(`${hub.url}/timer/${created.id}`);
    expect([refused.state, refused.drawn]).toEqual([null, null]);
    expect((await page(`${hub.url}/timer/${created.id}?key=${'x'.repeat(22)}`)).state).toBeNull();
    // The control key is not a view key here: cookies and bearer keys are not read for pages.
    expect(
      (
        await page(`${hub.url}/timer/${created.id}`, {
          headers: { authorization: `Bearer ${created.controlKey}` },
        })
      ).state,
    ).toBeNull();
    expect((await page(`${hub.url}/timer/${created.id}?key=${created.viewKey}`)).state?.watch).toMatchObject({
      timer: { id: created.id, private: true },
    });
    const head = await fetch(`${hub.url}/timer/${created.id}?key=${created.viewKey}`, { method: 'HEAD' });
    expect(head.headers.get('cache-control')).toBe('no-cache');
  });

  it("an audience page holds the lobby's snapshot when its link opens the lobby; an organizer's page holds none", async () => {
    const timer = await anonymous.timer.create.mutate({ name: '初赛', formatId: 'cn-worldcup' });
    const open = await anonymous.lobby.create.mutate({
      name: '公开大厅',
      visibility: 'public',
      timers: [timer.id],
    });
    const audience = await page(`${hub.url}/lobby/${open.id}`);
    expect(audience.headers.get('x-bianshi-page')).toBe('lobby-screen.html');
    expect(audience.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(audience.headers.get('cache-control')).toBe('no-store');
    expect(audience.state?.watch).toMatchObject({
      type: 'snapshot',
      lobbyId: open.id,
      lobby: { name: '公开大厅' },
    });
    // Drawn from that state by the audience screen's own components, with the host it was opened at.
    expect(audience.drawn).toMatch(/^<main id="main" class="container"><div[^>]*class="lobby-room"/);
    expect(audience.drawn).toContain('公开大厅');
    expect(audience.drawn).toContain(`${new URL(hub.url).host}/lobby`);
    // The featured match as the screen shows it (the world cup format opens on its cover, 封面,
    // which is headed with the match's title).
    expect(audience.drawn).toMatch(new RegExp(`data-testid="lobby-featured" data-timer-id="${timer.id}"`));
    expect(audience.drawn).toMatch(/<h1 [^>]*data-testid="display-stage"[^>]*>初赛<\/h1>/);
    expect(audience.html).not.toContain('class="splash"');
    expect((audience.state?.watch['matches'] as { timerId: string }[]).map((match) => match.timerId)).toEqual(
      [timer.id],
    );

    const closed = await anonymous.lobby.create.mutate({
      name: '私有大厅',
      visibility: 'private',
      timers: [timer.id],
    });
    const token = new URL(closed.links.join, hub.url).searchParams.get('t');
    const judge = new URL(closed.links.judge, hub.url).searchParams.get('judge');
    const outsider = await page(`${hub.url}/lobby/${closed.id}`);
    expect([outsider.state, outsider.drawn]).toEqual([null, null]);
    expect(outsider.html).toContain('class="splash"');
    expect((await page(`${hub.url}/lobby/${closed.id}?t=guessed-token-xx`)).state).toBeNull();
    expect((await page(`${hub.url}/lobby/${closed.id}?t=${token}`)).state?.watch).toMatchObject({
      lobbyId: closed.id,
    });
    expect((await page(`${hub.url}/lobby/${closed.id}?judge=${judge}`)).state?.watch).toMatchObject({
      lobbyId: closed.id,
    });
    expect((await page(`${hub.url}/lobby/${open.id}?judge=wrong-judge-key`)).state).toBeNull();
    // The organizer gets the site (with the console), which carries no state.
    const organizer = await page(`${hub.url}/lobby/${open.id}`, {
      headers: { cookie: `bs_ctl_${open.id}=${open.organizerKey}` },
    });
    expect([organizer.headers.get('x-bianshi-page'), organizer.state]).toEqual(['index.html', null]);
  });

  it("the service worker's copy of a page drops the state block and the drawn screen the hub adds", () => {
    const sw = readFileSync(new URL('../../client/public/sw.js', import.meta.url), 'utf8');
    const state = /const EMBEDDED_STATE = \/(.+)\/;\n/.exec(sw)?.[1];
    const drawn = /const DRAWN_SCREEN = \/(.+)\/;\n/.exec(sw)?.[1];
    expect([state, drawn]).not.toContain(undefined);
    const html =
      '<!doctype html><html><body><div id="root"><!--bs-screen--><div class="splash"></div><!--/bs-screen--></div></body></html>';
    const sent = drawScreen(
      embedState(html, '{"type":"snapshot","version":3,"note":"</script>"}', 1),
      '<div><span role="timer">03:00</span></div>',
    );
    expect(sent).toContain(
      '<div id="root"><!--bs-drawn--><div><span role="timer">03:00</span></div><!--/bs-drawn--></div>',
    );
    const kept = sent
      .replace(new RegExp(state!), '')
      .replace(new RegExp(drawn!), '')
      .replace(/\n\s*<\/body>/, '</body>');
    expect(kept).toBe('<!doctype html><html><body><div id="root"></div></body></html>');
  });
});

describe('a page carries the state as every hub knows it', () => {
  let pair: TwoHubs;
  beforeAll(async () => {
    pair = await startTwoHubs();
  }, 60_000);
  afterAll(async () => {
    await pair?.close();
  });

  it('a command through one hub is in the display page the other hub serves', async () => {
    const [a, b] = pair.hubs;
    const created = await httpClient(a.url).timer.create.mutate({
      name: '跨服',
      format: speechFormat('page-state-2', '立论', [180_000]),
    });
    expect((await page(`${b.url}/timer/${created.id}`)).state?.watch).toMatchObject({ version: 0 });
    const controller = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    const started = await controller.timer.command.mutate({
      timerId: created.id,
      command: { type: 'start' },
    });
    // Changes travel between hubs through Redis: the other hub's page shows it within moments.
    const seen = await until(
      async () => (await page(`${b.url}/timer/${created.id}`)).state,
      (state) => state?.watch.version === started.version,
      5_000,
      50,
    );
    expect(seen?.watch).toMatchObject({ version: started.version, state: { status: 'running' } });
  });
});
