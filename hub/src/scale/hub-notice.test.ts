import { describe, expect, it } from 'vitest';
import { channelOf } from './hub-bus';
import { familyOf, readHubNotice, type HubNotice } from './hub-notice';

const NOTICES: HubNotice[] = [
  {
    type: 'change',
    matchId: 'm1',
    version: 3,
    state: { status: 'running' } as never,
    events: [{ type: 'start' }] as never,
    hubId: 'h',
  },
  { type: 'stale', matchId: 'm1', version: 4, hubId: 'h' },
  { type: 'timer', timerId: 't1', hubId: 'h' },
  { type: 'current', timerId: 't1', matchId: 'm2', hubId: 'h' },
  { type: 'access', timerId: 't1', hubId: 'h' },
  { type: 'signout', userId: 'u1', tokenHash: null, hubId: 'h' },
  { type: 'tournament', tournamentId: 'c1', version: 9, hubId: 'h' },
  { type: 'screen', timerId: 't1', screenId: 's1', name: '主屏', hubId: 'h' },
  { type: 'lobby-facts', lobbyId: 'l1', version: 2, hubId: 'h' },
  {
    type: 'lobby-screen',
    lobbyId: 'l1',
    screenId: 's1',
    action: { type: 'rename', name: '左屏' },
    hubId: 'h',
  },
  { type: 'doc-update', documentId: 'd1', data: 'AAE=', hubId: 'h' },
  { type: 'doc-awareness', documentId: 'd1', data: 'AAE=', hubId: 'h' },
  { type: 'doc-removed', documentId: 'd1', hubId: 'h' },
  { type: 'doc-access', projectId: 'p1', userId: null, hubId: 'h' },
];

describe('hub notices', () => {
  it('reads back every kind it sends, and hands each to its family', () => {
    for (const notice of NOTICES) expect(readHubNotice(JSON.stringify(notice))).toEqual(notice);
    expect(NOTICES.map(familyOf)).toEqual([
      ...Array(8).fill('match'),
      'lobby',
      'lobby',
      'doc',
      'doc',
      'doc',
      'doc',
    ]);
  });

  it('drops what is not a notice: malformed JSON, unknown kinds, missing or mistyped fields', () => {
    for (const raw of [
      'not json',
      'null',
      '[]',
      JSON.stringify({ type: 'explode', hubId: 'h' }),
      JSON.stringify({ type: 'change', matchId: 'm1', version: 1, hubId: 'h' }),
      JSON.stringify({ type: 'stale', matchId: 'm1', version: '4', hubId: 'h' }),
      JSON.stringify({ type: 'timer', timerId: 't1' }),
      JSON.stringify({
        type: 'lobby-screen',
        lobbyId: 'l1',
        screenId: 's1',
        action: { type: 'format-disk' },
        hubId: 'h',
      }),
      JSON.stringify({ type: 'doc-update', documentId: 'd1', data: 'not base64!', hubId: 'h' }),
    ]) {
      expect(readHubNotice(raw)).toBeNull();
    }
  });

  it('publishes on the topic of its match, lobby or document, the rest where every hub hears', () => {
    expect(NOTICES.map(channelOf)).toEqual([
      'bs:match:m1',
      ...Array(7).fill('bs:hub'),
      'bs:lobby:l1',
      'bs:lobby:l1',
      'bs:yjs:doc:d1',
      'bs:yjs:doc:d1',
      'bs:yjs:doc:d1',
      'bs:yjs:access',
    ]);
  });
});
