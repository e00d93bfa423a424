/**
 * A controller names a timer's screen from the console, whichever hub the screen is on: the
 * screen (a projector on hub B) hears its name, and the roster every controller sees shows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WatchMessage } from '@bianshi/shared';
import { startTwoHubs, type TwoHubs } from '../support/two-hubs';
import { httpClient } from '../support/trpc';
import { watch } from '../support/watch';

let two: TwoHubs;
const ws = (url: string) => url.replace('http', 'ws') + '/api/trpc';

beforeAll(async () => {
  two = await startTwoHubs();
}, 120_000);
afterAll(() => two?.close());

describe('screen names (2 hubs, Postgres + Redis)', () => {
  it('names a projector on the other hub; the roster shows the name', async () => {
    const [a, b] = two.hubs;
    const created = await httpClient(a.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const projector = watch(ws(b.url), { timerId: created.id, role: 'display' });
    const controller = watch(
      ws(a.url),
      { timerId: created.id, role: 'controller', name: '控制台' },
      { controlKey: created.controlKey },
    );
    try {
      // The console's roster (ticks carry it to controllers) lists the projector, unnamed.
      const rosterOf = () => controller.ticks.at(-1)?.roster ?? [];
      await controller.until(() => rosterOf().some((entry) => entry.role === 'display'), 10_000);
      const screen = rosterOf().find((entry) => entry.role === 'display')!;
      expect(screen.name).toBe('未命名屏幕');

      const owner = httpClient(a.url, { authorization: `Bearer ${created.controlKey}` });
      await owner.timer.renameScreen.mutate({ timerId: created.id, screenId: screen.id, name: '主会场投影' });
      await projector.until(
        (w) =>
          w.plain.some(
            (message: WatchMessage) => message.type === 'renamed' && message.name === '主会场投影',
          ),
        5_000,
      );
      await controller.until(
        () => rosterOf().some((entry) => entry.id === screen.id && entry.name === '主会场投影'),
        5_000,
      );

      // A name is a name: empty is refused, in Chinese.
      const empty = await owner.timer.renameScreen
        .mutate({ timerId: created.id, screenId: screen.id, name: '  ' })
        .catch((error: unknown) => error as Error);
      expect((empty as Error).message).toBe('请求无效：name：不能为空');
      // Viewers cannot name screens.
      const viewer = await httpClient(a.url)
        .timer.renameScreen.mutate({ timerId: created.id, screenId: screen.id, name: '捣乱' })
        .catch((error: unknown) => error as Error);
      expect(viewer).toBeInstanceOf(Error);
    } finally {
      projector.close();
      controller.close();
    }
  });
});
