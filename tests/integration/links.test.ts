/**
 * Links the hub returns point where it actually serves: `SITE_URL` when set, otherwise the
 * address the request came to. A hub started as `PORT=<port> npm start` would (its own process,
 * no SITE_URL) must not hand out links to :3000. `POST /api/v1/timers` also returns the control
 * link, which grants control where the bare manage link does not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { httpClient } from '../support/trpc';

describe('links from the address the hub serves', () => {
  let hub: HubProcess;
  beforeAll(async () => {
    hub = await spawnHub({ DATA_DIR: 'memory://', SITE_URL: '' });
  }, 120_000);
  afterAll(() => hub?.kill());

  it('answers POST /api/v1/timers with links on its own port, including the control link', async () => {
    const port = new URL(hub.url).port;
    expect(port).not.toBe('3000');
    const response = await fetch(`${hub.url}/api/v1/timers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '链接' }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      id: string;
      shortid: string;
      controlKey: string;
      urls: Record<string, string>;
    };
    expect(body.urls).toEqual({
      display: `${hub.url}/timer/${body.id}`,
      judge: expect.stringMatching(new RegExp(`^${hub.url}/timer/${body.id}\\?role=judge#judge=[\\w-]+$`)),
      manage: `${hub.url}/timer/manage/${body.shortid}`,
      short: `${hub.url}/id/${body.shortid}`,
      control: `${hub.url}/timer/manage/${body.shortid}#key=${body.controlKey}`,
    });
    // The control link's key controls the timer.
    const key = new URL(body.urls.control!).hash.replace(/^#key=/, '');
    const claimed = await httpClient(hub.url).timer.claimControl.mutate({ timerId: body.shortid, key });
    expect(claimed.timerId).toBe(body.id);
  });

  it('answers timer.create (tRPC) with the same links', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({});
    expect(created.urls.display).toBe(`${hub.url}/timer/${created.id}`);
    expect(created.urls.control).toBe(`${hub.url}/timer/manage/${created.shortid}#key=${created.controlKey}`);
  });
});
