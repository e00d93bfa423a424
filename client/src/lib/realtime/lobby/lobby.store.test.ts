import { describe, expect, it } from 'vitest';
import type { LobbyMessage, LobbyPublic, TimerPublic } from '@bianshi/shared';
import { ServerClock } from '../timer';
import { freshMatch, SYNC_TEST_FORMAT } from '../timer/test-fixtures';
import { createLobbyStore } from './lobby.store';

const timerOf = (id: string): TimerPublic => ({
  id,
  shortid: `${id}-short`,
  name: id,
  description: '',
  settings: {},
  private: false,
});

const lobby = { id: 'lobby-1', code: 'ABC234', timerIds: ['t1', 't2', 't3'] } as LobbyPublic;

describe('lobby store', () => {
  it('gives every match of a snapshot the format its key names', () => {
    const { format, ...state } = freshMatch();
    const entry = (id: string, matchId: string) => ({
      timerId: id,
      watch: {
        type: 'snapshot' as const,
        matchId,
        version: 0,
        state,
        timer: timerOf(id),
        serverNow: 1,
        formatKey: 'k1',
      },
    });
    const store = createLobbyStore(new ServerClock(() => 1_000_000));
    store.getState().receive({
      type: 'snapshot',
      lobbyId: lobby.id,
      version: 1,
      lobby,
      formats: { k1: format },
      matches: [entry('t1', 'm1'), entry('t2', 'm2'), { timerId: 't3', watch: null }],
      serverNow: 1,
    } satisfies LobbyMessage);

    const { matches } = store.getState();
    expect(Object.keys(matches).sort()).toEqual(['t1', 't2']);
    for (const [timerId, matchId] of [
      ['t1', 'm1'],
      ['t2', 'm2'],
    ] as const) {
      const timer = matches[timerId]!.getState();
      expect(timer.matchId).toBe(matchId);
      expect(timer.state?.format.stages.map((stage) => stage.name)).toEqual(
        SYNC_TEST_FORMAT.stages.map((stage) => stage.name),
      );
    }
  });
});
