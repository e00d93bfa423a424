import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchPostgres, type ScratchDatabase } from '../support/postgres';
import { spawnHub, type HubProcess } from '../support/process-hub';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { untilTrue } from '../support/until';
import { openDoc, signUpOver, type DocClient } from '../support/yjs';

/** Documents survive a `kill -9` and converge across hubs (processes, as in production). */
describe('Yjs documents: durability and several hubs', () => {
  const clients: DocClient[] = [];
  const open = (...args: Parameters<typeof openDoc>) => {
    const client = openDoc(...args);
    clients.push(client);
    return client;
  };
  afterAll(() => {
    for (const client of clients) client.close();
  });

  async function workbenchOn(url: string) {
    const owner = await signUpOver(url, 'owner');
    const { projectId } = await owner.client.workbench.create.mutate({
      kind: 'workbench',
      name: '持久化测试',
    });
    const detail = await owner.client.workbench.get.query({ projectId });
    return { owner, projectId, documentId: detail.documents.find((d) => d.kind === 'text')!.id };
  }

  describe.each(['PGlite on disk', 'Postgres'] as const)('kill -9 on %s', (kind) => {
    let dir = '';
    let scratch: ScratchDatabase | undefined;
    let env: Record<string, string>;
    let hub: HubProcess;

    beforeAll(async () => {
      if (kind === 'Postgres') {
        scratch = await createScratchPostgres();
        env = { DATABASE_URL: scratch.url };
      } else {
        dir = mkdtempSync(join(tmpdir(), 'bianshi-yjs-'));
        env = { DATA_DIR: dir };
      }
      hub = await spawnHub(env);
    }, 120_000);

    afterAll(async () => {
      await hub?.kill();
      await scratch?.drop();
      if (dir) rmSync(dir, { recursive: true, force: true });
    });

    it('keeps every edit another client has seen after SIGKILL and a restart', async () => {
      const { owner, documentId } = await workbenchOn(hub.url);
      const writer = open(hub.url, documentId, { cookie: owner.cookie });
      const witness = open(hub.url, documentId, { cookie: owner.cookie });
      await Promise.all([writer.synced(), witness.synced()]);
      for (let i = 0; i < 30; i += 1) writer.doc.getText('t').insert(writer.doc.getText('t').length, `${i},`);
      // The hub relays an update only after storing it: what the witness saw is acknowledged.
      await untilTrue(() => witness.doc.getText('t').toString().endsWith('29,'));
      const seen = witness.doc.getText('t').toString();
      writer.close();
      witness.close();
      await hub.kill('SIGKILL');

      hub = await spawnHub(env, Number(new URL(hub.url).port));
      const reader = open(hub.url, documentId, { cookie: owner.cookie });
      await reader.synced();
      expect(reader.doc.getText('t').toString()).toBe(seen);
    }, 120_000);
  });

  describe('two hubs on Postgres + Redis', () => {
    let pair: TwoHubs;
    let hubs: HubProcess[] = [];

    beforeAll(async () => {
      pair = await startTwoHubs();
      hubs = pair.hubs;
    }, 120_000);

    afterAll(async () => {
      await pair?.close();
    });

    it('relays updates and awareness between people on different hubs, and revocation closes sockets everywhere', async () => {
      const [a, b] = hubs as [HubProcess, HubProcess];
      const { owner, projectId, documentId } = await workbenchOn(a.url);
      const partner = await signUpOver(b.url, 'partner');
      const invite = await owner.client.workbench.createInvite.mutate({
        projectId,
        role: 'editor',
        expiresInHours: 1,
      });
      await partner.client.workbench.acceptInvite.mutate({ token: invite.token });

      const onA = open(a.url, documentId, { cookie: owner.cookie });
      const onB = open(b.url, documentId, { cookie: partner.cookie });
      await Promise.all([onA.synced(), onB.synced()]);
      onA.doc.getText('t').insert(0, '甲');
      onB.doc.getText('t').insert(0, '乙');
      // Whatever name a client types, the others see its account's (the hub writes it).
      onA.provider.awareness.setLocalStateField('user', { name: '甲', color: '#c00' });
      await untilTrue(
        () =>
          onA.doc.getText('t').length === 2 &&
          onA.doc.getText('t').toString() === onB.doc.getText('t').toString(),
      );
      await untilTrue(() =>
        [...onB.provider.awareness.getStates().values()].some(
          (state) => (state as { user?: { name: string } }).user?.name === 'owner',
        ),
      );

      // A third person joining on hub B later gets everything, from B's copy.
      const late = open(b.url, documentId, { cookie: owner.cookie });
      await late.synced();
      expect(late.doc.getText('t').toString()).toBe(onA.doc.getText('t').toString());

      // Removed on hub A: the socket on hub B closes too.
      await owner.client.workbench.removeMember.mutate({ projectId, userId: partner.id });
      await untilTrue(() => onB.closes.some((c) => c.code === 4410));
    }, 120_000);
  });
});
