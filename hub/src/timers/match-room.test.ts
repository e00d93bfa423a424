import { BUILTIN_FORMATS, createMatch, type PreSerialized } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import type { TimerRepository } from './timer.repository';
import { createLogger } from '../lib/logger';
import { MatchRoom } from './match-room';
import { TICK_SLICE } from '../realtime/ticks';
import { Session } from '../realtime/session';

/** A room with no database behind it: ticks and timer updates never touch one. */
function roomWithSessions(count: number) {
  const state = createMatch(BUILTIN_FORMATS[0]!, { now: 0 });
  const room = new MatchRoom(
    { id: 'm1', timerId: 't1', state, version: state.version },
    { id: 't1', shortid: 'abc', name: '测试', description: '', settings: {} },
    {
      repository: {} as TimerRepository,
      clock: { now: () => 1_000 },
      logger: createLogger('silent'),
      onDeadline: () => undefined,
      onCommitted: () => undefined,
    },
  );
  const received: string[][] = [];
  const sessions = Array.from({ length: count }, (_, index) => {
    const frames: string[] = [];
    received.push(frames);
    const session = new Session(
      {
        id: `s${index}`,
        role: 'audience',
        name: '屏幕',
        device: 'unknown',
        connectedSince: 0,
        followsTimer: true,
      },
      { bufferedAmount: () => 0, close: () => undefined },
    );
    session.deliverDirectly({
      write: (item: { frame: PreSerialized }) => frames.push(JSON.parse(item.frame.json).type as string),
    });
    room.attach(session);
    return session;
  });
  return { room, sessions, received };
}

const presence = { controller: 0, judge: 0, display: 0, audience: 0 };
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('match room ticks', () => {
  it('ticks a small room in one go', () => {
    const { room, received } = roomWithSessions(10);
    room.tick(1_000, presence, []);
    expect(received.every((frames) => frames.join() === 'snapshot,tick')).toBe(true);
  });

  it('ticks a big room in slices, letting a change out between them', async () => {
    const { room, sessions, received } = roomWithSessions(TICK_SLICE * 2 + 100);
    room.tick(1_000, presence, []);
    expect(received.filter((frames) => frames.includes('tick'))).toHaveLength(TICK_SLICE);

    // Something happens between two slices: everyone hears it at once.
    room.updateTimer({ id: 't1', shortid: 'abc', name: '改名', description: '', settings: {} });
    expect(received.every((frames) => frames.at(-1) === 'timer' || frames.at(-2) === 'timer')).toBe(true);
    // A session that leaves meanwhile gets no tick.
    const leaving = sessions.at(-1)!;
    room.detach(leaving);

    await nextTurn();
    await nextTurn();
    const ticked = received.filter((frames) => frames.includes('tick'));
    expect(ticked).toHaveLength(sessions.length - 1);
    expect(received.at(-1)).toEqual(['snapshot', 'timer']);
    // Late slices tick after the change, early ones before it: each session got exactly one tick.
    expect(received.slice(0, TICK_SLICE).every((frames) => frames.join() === 'snapshot,tick,timer')).toBe(
      true,
    );
    expect(received.slice(TICK_SLICE, -1).every((frames) => frames.join() === 'snapshot,timer,tick')).toBe(
      true,
    );
  });
});

describe('match room commits', () => {
  it('answers unavailable when the commit fails, for a command, an undo and an offline replay alike', async () => {
    const state = createMatch(BUILTIN_FORMATS[0]!, { now: 0 });
    const retried: (number | null)[] = [];
    const failing = {
      commitLocked: () => Promise.reject(new Error('connection terminated')),
      log: () => Promise.resolve([]),
    } as unknown as TimerRepository;
    const room = new MatchRoom(
      { id: 'm1', timerId: 't1', state, version: state.version },
      { id: 't1', shortid: 'abc', name: '测试', description: '', settings: {} },
      {
        repository: failing,
        clock: { now: () => 1_000 },
        logger: createLogger('silent'),
        onDeadline: (_matchId, at) => void retried.push(at),
        onCommitted: () => undefined,
      },
    );
    const unavailable = { ok: false, code: 'unavailable', version: state.version };
    expect(await room.command({ type: 'toggle' }, { actor: 'console' })).toMatchObject(unavailable);
    expect(await room.command({ type: 'undo' }, { actor: 'console' })).toMatchObject(unavailable);
    // Before: the replay's failure escaped as a rejection, unlike the command's.
    expect(
      await room.replay(state.version, [{ command: { type: 'toggle' }, at: 500 }], {
        force: false,
        actor: 'console',
      }),
    ).toMatchObject(unavailable);
    expect(room.current).toBe(state);
  });
});
