/**
 * OSC in and out over loopback UDP, as a sound or lighting desk (QLab, a console) meets it: the
 * desk is a node-osc server and client; the hub listens on OSC_PORT for the timers in
 * OSC_TIMERS and reports time, stage, running and bells to OSC_SEND_TO.
 */
import { once } from 'node:events';
import { Client, Server } from 'node-osc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { freePort } from '../support/process-hub';
import { until } from '../support/until';

type OscMessage = [string, ...(string | number)[]];

describe('OSC for AV desks', () => {
  let scratch: ScratchDatabase;
  let hub: TestHub;
  let desk: Server;
  let deskOut: Client;
  const heard: OscMessage[] = [];
  const timers: { id: string; shortid: string; controlKey: string }[] = [];

  const reading = async (id: string) =>
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read per field
    ((await (await fetch(`${hub.url}/api/v1/timers/${id}`)).json()) as { reading: Record<string, any> })
      .reading;
  const heardAt = (address: string) => heard.filter((message) => message[0] === address);

  beforeAll(async () => {
    scratch = await createScratchPostgres();
    const database = { kind: 'postgres', url: scratch.url } as const;
    // The operator names the timers a desk may drive, so they exist before the hub with OSC starts.
    const setup = await startHub({ database });
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${setup.url}/api/v1/timers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"formatId":"bp"}',
      });
      timers.push((await response.json()) as { id: string; shortid: string; controlKey: string });
    }
    await setup.close();

    desk = new Server(0, '127.0.0.1');
    await once(desk, 'listening');
    desk.on('message', (message: OscMessage) => heard.push(message));
    const deskPort = (desk._sock.address() as { port: number }).port;
    const oscPort = await freePort();
    hub = await startHub({
      database,
      env: {
        OSC_PORT: String(oscPort),
        OSC_TIMERS: timers[0]!.shortid,
        OSC_SEND_TO: `127.0.0.1:${deskPort}`,
      },
    });
    deskOut = new Client('127.0.0.1', oscPort);
  });
  afterAll(async () => {
    await deskOut?.close();
    await desk?.close();
    await hub?.close();
    await scratch?.drop();
  });

  it('reports where the timer stands as soon as the hub starts', async () => {
    const ref = timers[0]!.shortid;
    await until(
      () => heardAt(`/bianshi/${ref}/stage`),
      (messages) => messages.length > 0,
    );
    expect(heardAt(`/bianshi/${ref}/stage`)[0]).toEqual([`/bianshi/${ref}/stage`, 0, '准备时间']);
    expect(heardAt(`/bianshi/${ref}/time`)[0]).toEqual([`/bianshi/${ref}/time`, 900_000, '15:00', 0]);
    expect(heardAt(`/bianshi/${ref}/running`)[0]).toEqual([`/bianshi/${ref}/running`, 0]);
  });

  it('takes start, adjust, next, bell and pause from the desk, and reports each', async () => {
    const [timer] = timers;
    const ref = timer!.shortid;
    await deskOut.send(`/bianshi/${ref}/start`);
    await until(
      () => reading(timer!.id),
      (r) => r.status === 'running',
    );
    await until(
      () => heardAt(`/bianshi/${ref}/running`).at(-1),
      (message) => message?.[1] === 1,
    );
    // While it runs, the time goes out every second as well as on changes.
    const ticks = heardAt(`/bianshi/${ref}/time`).length;
    await until(
      () => heardAt(`/bianshi/${ref}/time`).length,
      (n) => n >= ticks + 2,
    );

    await deskOut.send(`/bianshi/${ref}/pause`);
    await until(
      () => reading(timer!.id),
      (r) => r.status === 'paused',
    );
    const before = (await reading(timer!.id)).active.remainingMs as number;
    await deskOut.send(`/bianshi/${ref}/adjust`, -10_000);
    await until(
      () => reading(timer!.id),
      (r) => r.active.remainingMs === before - 10_000,
    );
    await until(
      () => heardAt(`/bianshi/${ref}/time`).at(-1),
      (message) => message?.[1] === before - 10_000,
    );

    await deskOut.send(`/bianshi/${ref}/bell`, 2);
    await until(
      () => heardAt(`/bianshi/${ref}/bell`),
      (messages) => messages.some((message) => message[1] === 2),
    );

    await deskOut.send(`/bianshi/${ref}/next`);
    await until(
      () => reading(timer!.id),
      (r) => r.stage.index === 1,
    );
    await until(
      () => heardAt(`/bianshi/${ref}/stage`).at(-1),
      (message) => message?.[1] === 1 && message[2] === '首相',
    );
  });

  it('ignores timers the operator did not name, and unknown actions', async () => {
    const [allowed, other] = timers;
    await deskOut.send(`/bianshi/${other!.shortid}/start`);
    await deskOut.send(`/bianshi/${allowed!.shortid}/explode`);
    // A command to the allowed timer after them: once it shows, the two before it were handled (UDP from one socket keeps order here).
    const version = (await reading(allowed!.id)).version as number;
    await deskOut.send(`/bianshi/${allowed!.shortid}/toggle`);
    await until(
      () => reading(allowed!.id),
      (r) => r.version === version + 1,
    );
    expect((await reading(other!.id)).version).toBe(0);
  });
});
