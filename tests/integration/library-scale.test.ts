/** Library state across hubs: two hub processes on one Postgres (and Redis) see each other's record edits and topics. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubProcess } from '../support/process-hub';
import { httpClient } from '../support/trpc';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';

describe('library on two hubs (Postgres + Redis)', () => {
  let pair: TwoHubs;
  let hubs: HubProcess[] = [];

  beforeAll(async () => {
    pair = await startTwoHubs();
    hubs = pair.hubs;
  }, 180_000);

  afterAll(async () => {
    await pair?.close();
  });

  it('a result edited on one hub is what the other hub serves', async () => {
    const [a, b] = hubs as [HubProcess, HubProcess];
    const created = await httpClient(a.url).timer.create.mutate({ formatId: 'cn-classic' });
    const onA = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
    await onA.timer.command.mutate({ timerId: created.id, command: { type: 'next' } });
    await onA.timer.command.mutate({ timerId: created.id, command: { type: 'start' } });
    await onA.timer.command.mutate({ timerId: created.id, command: { type: 'finish' } });
    const record = await onA.library.records.get.query({ matchId: created.matchId });
    await onA.library.records.updateResult.mutate({
      matchId: created.matchId,
      result: { ...record.result, winner: 'aff', ballots: { aff: 3, neg: 2 }, bestDebater: '正方二辩' },
    });

    const fromB = (await (await fetch(`${b.url}/api/v1/records/${created.matchId}`)).json()) as {
      status: string;
      result: { winner: string; ballots: unknown; bestDebater: string };
    };
    expect(fromB).toMatchObject({
      status: 'finished',
      result: { winner: 'aff', ballots: { aff: 3, neg: 2 }, bestDebater: '正方二辩' },
    });

    // A topic group made through one hub is listed by the other; the starter library was seeded once.
    const groupsB = await httpClient(b.url).library.topics.groups.query();
    expect(groupsB.filter((group) => group.id === 'starter-1993-icudt')).toHaveLength(1);
    const topics = await (await fetch(`${b.url}/api/v1/topics?q=${encodeURIComponent('道德')}`)).json();
    expect(topics).toMatchObject({
      topics: [
        {
          text: '温饱是谈道德的必要条件',
          groupId: 'starter-1993-icudt',
          source: { round: '初赛第四场', year: 1993 },
        },
      ],
    });
  });
});
