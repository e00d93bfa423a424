import { describe, expect, it } from 'vitest';
import { embeddedFor, embeddedForLobby, navigationSample, parseEmbeddedWatch } from './embedded-watch';
import { ServerClock } from './server-clock';
import { freshMatch } from './test-fixtures';

const timer = {
  id: 'timer-1',
  shortid: 'abcdefgh',
  name: '决赛',
  description: '',
  settings: {},
  private: false,
};
const timerBlock = {
  serverNow: 5_000,
  watch: { type: 'snapshot', matchId: 'm1', version: 3, state: freshMatch(), timer, serverNow: 4_000 },
};
const lobbyBlock = {
  serverNow: 5_000,
  watch: {
    type: 'snapshot',
    lobbyId: 'lobby-1',
    version: 1,
    lobby: { code: 'ABC234' },
    formats: {},
    matches: [],
    serverNow: 4_000,
  },
};

describe('embedded watch', () => {
  it("reads a timer's or a lobby's snapshot, and nothing else", () => {
    expect(parseEmbeddedWatch(JSON.stringify(timerBlock))).toEqual(timerBlock);
    expect(parseEmbeddedWatch(JSON.stringify(lobbyBlock))).toEqual(lobbyBlock);
    for (const text of [
      null,
      undefined,
      '',
      '{',
      '[]',
      'null',
      JSON.stringify({ watch: timerBlock.watch }),
      JSON.stringify({ serverNow: 1, watch: { ...timerBlock.watch, type: 'change' } }),
      JSON.stringify({ serverNow: 1, watch: { ...timerBlock.watch, state: null } }),
      JSON.stringify({ serverNow: 1, watch: { ...lobbyBlock.watch, matches: {} } }),
    ]) {
      expect(parseEmbeddedWatch(text), String(text)).toBeNull();
    }
  });

  it('serves only the watch it was sent for', () => {
    const embedded = parseEmbeddedWatch(JSON.stringify(timerBlock))!;
    expect(embeddedFor(embedded, 'timer-1', undefined)).toBe(true);
    expect(embeddedFor(embedded, 'abcdefgh', 'm1')).toBe(true);
    expect(embeddedFor(embedded, 'timer-1', 'm2')).toBe(false);
    expect(embeddedFor(embedded, 'timer-2', undefined)).toBe(false);
    expect(embeddedForLobby(embedded, 'timer-1')).toBe(false);
    const lobby = parseEmbeddedWatch(JSON.stringify(lobbyBlock))!;
    expect(embeddedForLobby(lobby, 'lobby-1')).toBe(true);
    expect(embeddedForLobby(lobby, 'ABC234')).toBe(true);
    expect(embeddedForLobby(lobby, 'lobby-2')).toBe(false);
    expect(embeddedFor(lobby, 'lobby-1', undefined)).toBe(false);
  });

  it("takes a first offset from the page's own request until a ping measures one", async () => {
    const perf = {
      timeOrigin: 1_000_000,
      getEntriesByType: () => [{ requestStart: 100, responseStart: 400 }],
    } as unknown as Performance;
    // Sent at local 1 000 100, answered at 1 000 400: the hub's 2 000 250 was at local 1 000 250.
    const sample = navigationSample(2_000_250, perf)!;
    expect(sample).toEqual({ t0: 1_000_100, serverAt: 2_000_250, t3: 1_000_400 });
    let local = 1_000_500;
    const clock = new ServerClock(() => local);
    clock.seed(sample.t0, sample.serverAt, sample.t3);
    expect(clock.offsetMs).toBe(1_000_000);
    expect(clock.synced).toBe(false);
    // A ping wins, and a later seed changes nothing.
    await clock.sync(async () => {
      local += 10;
      return { receivedAt: local + 999_000, sentAt: local + 999_000 };
    }, 1);
    expect(clock.offsetMs).toBeCloseTo(999_005);
    clock.seed(sample.t0, sample.serverAt, sample.t3);
    expect(clock.offsetMs).toBeCloseTo(999_005);
  });

  it('has no sample without navigation timing', () => {
    expect(navigationSample(1, undefined)).toBeNull();
    expect(
      navigationSample(1, { timeOrigin: 0, getEntriesByType: () => [] } as unknown as Performance),
    ).toBeNull();
    expect(
      navigationSample(1, {
        timeOrigin: 0,
        getEntriesByType: () => [{ requestStart: 0, responseStart: 0 }],
      } as unknown as Performance),
    ).toBeNull();
  });
});
