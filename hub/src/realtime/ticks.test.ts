import { PreSerialized, type PresenceRole } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { Session } from './session';
import { sendTick, TICK_SLICE } from './ticks';

function sessions(roles: PresenceRole[]) {
  const got = new Map<Session, string[]>();
  const list = roles.map((role, index) => {
    const session = new Session(
      { id: `s${index}`, role, name: '屏幕', device: 'unknown', connectedSince: 0, followsTimer: true },
      { bufferedAmount: () => 0, close: () => undefined },
    );
    got.set(session, []);
    session.deliverDirectly({ write: (item) => got.get(session)!.push(item.frame.json) });
    return session;
  });
  return { list, got };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('sendTick', () => {
  it('gives controllers the roster frame, built once, and everyone else the plain one', () => {
    const { list, got } = sessions(['display', 'controller', 'audience', 'controller']);
    let built = 0;
    const everyone = new PreSerialized('"plain"');
    sendTick(list, { everyone, controllers: () => (built++, new PreSerialized('"roster"')) }, () => true);
    expect(list.map((session) => got.get(session))).toEqual([
      ['"plain"'],
      ['"roster"'],
      ['"plain"'],
      ['"roster"'],
    ]);
    expect(built).toBe(1);
  });

  it('reaches a big room slice by slice, skipping sessions that left meanwhile', async () => {
    const { list, got } = sessions(Array.from({ length: TICK_SLICE + 10 }, () => 'audience' as const));
    const left = new Set<Session>();
    sendTick(
      list,
      { everyone: new PreSerialized('1'), controllers: () => new PreSerialized('2') },
      (session) => !left.has(session),
    );
    expect(list.filter((session) => got.get(session)!.length === 1)).toHaveLength(TICK_SLICE);
    left.add(list.at(-1)!);
    await nextTurn();
    expect(list.filter((session) => got.get(session)!.length === 1)).toHaveLength(TICK_SLICE + 9);
    expect(got.get(list.at(-1)!)).toEqual([]);
  });
});
