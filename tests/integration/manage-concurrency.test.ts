/**
 * Schedule edits and configuration imports under concurrency: racing edits of different
 * schedule entries all land (each is one atomic UPDATE of its own entry, decided on the row as
 * locked, not on what each request read before), and `importConfig` writes format and settings
 * together, so racing imports never leave one import's format beside another's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getBuiltinFormat } from '@bianshi/shared';
import { DATABASE_KINDS, startHub, type TestHub } from '../support/hub';
import { httpClient, type HubClient } from '../support/trpc';

describe.each(DATABASE_KINDS)('management edits under concurrency (%s)', (database) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await startHub({ database });
  }, 60_000);
  afterAll(() => hub?.close());

  async function newTimer(): Promise<{ id: string; controller: HubClient }> {
    const created = await httpClient(hub.url).timer.create.mutate({});
    return {
      id: created.id,
      controller: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }),
    };
  }

  it('keeps every schedule entry when many are planned and retitled at once', async () => {
    const { id, controller } = await newTimer();
    const planned = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        controller.manage.planMatch.mutate({ timerId: id, entry: { title: `第 ${i + 1} 场` } }),
      ),
    );
    let listed = await controller.manage.matches.query({ timerId: id });
    for (const [i, { matchId }] of planned.entries())
      expect(listed.matches.find((m) => m.id === matchId)?.title).toBe(`第 ${i + 1} 场`);

    // Retitle all of them at once, and start a titled match meanwhile.
    const [started] = await Promise.all([
      controller.manage.startMatch.mutate({ timerId: id, entry: { title: '临时加赛' } }),
      ...planned.map(({ matchId }, i) =>
        controller.manage.updatePlan.mutate({
          timerId: id,
          matchId,
          entry: { title: `改 ${i + 1}`, plannedAt: 1_900_000_000_000 + i },
        }),
      ),
    ]);
    listed = await controller.manage.matches.query({ timerId: id });
    for (const [i, { matchId }] of planned.entries()) {
      expect(listed.matches.find((m) => m.id === matchId)).toMatchObject({
        title: `改 ${i + 1}`,
        plannedAt: 1_900_000_000_000 + i,
      });
    }
    expect(listed.matches.find((m) => m.id === started.matchId)?.title).toBe('临时加赛');
    expect(listed.currentMatchId).toBe(started.matchId);
  });

  it('writes an imported format and its settings together, whichever of racing imports wins', async () => {
    const { id, controller } = await newTimer();
    const formats = ['bp', 'cn-worldcup', 'policy-hs', 'bp', 'cn-worldcup', 'policy-hs'].map((formatId) =>
      getBuiltinFormat(formatId)!,
    );
    await Promise.all(
      formats.map((format, i) =>
        controller.manage.importConfig.mutate({
          timerId: id,
          config: {
            kind: 'bianshi-timer-config',
            version: 1,
            format: { ...format, name: `导入 ${i}` },
            settings: {
              teams: {
                aff: { name: `正方 ${i}`, school: '', debaters: [] },
                neg: { name: `反方 ${i}`, school: '', debaters: [] },
              },
              topic: `辩题 ${i}`,
            },
          },
        }),
      ),
    );
    const { timer } = await controller.manage.get.query({ timerId: id });
    const winner = /^导入 (\d)$/.exec(timer.format.name)?.[1];
    expect(winner).toBeDefined();
    expect(timer.settings).toMatchObject({
      topic: `辩题 ${winner}`,
      teams: { aff: { name: `正方 ${winner}` } },
    });
  });
});
