import { describe, expect, it } from 'vitest';
import {
  applyOffline,
  commandRoute,
  fallbackStatePayload,
  initialAuthority,
  MAX_OFFLINE_COMMANDS,
  nextAuthority,
  parseStoredLog,
  serializeLog,
  type AuthorityEvent,
  type AuthorityState,
  type OfflineLog,
} from './fallback-authority';
import { freshMatch } from './test-fixtures';

const T0 = 1_000_000;
const start = { timerId: 't1', matchId: 'm1', hubState: freshMatch(T0) };

function offlineLog(): OfflineLog {
  const first = applyOffline(null, start, { type: 'start' }, T0 + 1_000);
  if (!first.ok) throw new Error(first.message);
  const second = applyOffline(first.log, start, { type: 'adjust', deltaMs: -5_000 }, T0 + 2_000);
  if (!second.ok) throw new Error(second.message);
  return second.log;
}

describe('applyOffline', () => {
  it('starts a log at the hub version and applies the shared reducer at each instant', () => {
    const log = offlineLog();
    expect(log.baseVersion).toBe(0);
    expect(log.commands).toEqual([
      { command: { type: 'start' }, at: T0 + 1_000 },
      { command: { type: 'adjust', deltaMs: -5_000 }, at: T0 + 2_000 },
    ]);
    expect(log.state.version).toBe(2);
    expect(log.state.status).toBe('running');
    expect(log.state.stages[0]!.clocks[0]!.usedMs).toBe(6_000);
  });

  it('logs whole milliseconds (the replay takes integers; the server clock offset is fractional)', () => {
    const result = applyOffline(null, start, { type: 'start' }, T0 + 1_000.6);
    expect(result.ok && result.log.commands[0]!.at).toBe(T0 + 1_001);
  });

  it('refuses what the reducer refuses, in Chinese, and keeps the log', () => {
    const log = offlineLog();
    const refused = applyOffline(log, start, { type: 'switchSide' }, T0 + 3_000);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.message).toMatch(/[\u4e00-\u9fff]/);
    expect(applyOffline(log, start, { type: 'nonsense' } as never, T0).ok).toBe(false);
  });

  it('stops at the replay limit', () => {
    const full: OfflineLog = {
      ...offlineLog(),
      commands: Array.from({ length: MAX_OFFLINE_COMMANDS }, () => ({
        command: { type: 'ringBell', count: 1, sound: 'bell' },
        at: T0,
      })),
    };
    expect(applyOffline(full, start, { type: 'pause' }, T0 + 3_000).ok).toBe(false);
  });

  it('broadcasts base, version, state and commands (bells only among events)', () => {
    const log = offlineLog();
    const bell = {
      type: 'bell',
      which: 'manual',
      count: 1,
      sound: 'bell',
      at: T0,
      stageIndex: 0,
      clock: null,
      side: null,
    } as const;
    const payload = fallbackStatePayload(log, [bell, { type: 'matchFinished', at: T0 }]);
    expect(payload).toMatchObject({ baseVersion: 0, version: 2, commands: log.commands, events: [bell] });
    expect(payload.state).toBe(log.state);
  });
});

describe('offline log in sessionStorage', () => {
  it('round-trips, and rejects other timers, empty logs and garbage', () => {
    const log = offlineLog();
    expect(parseStoredLog(serializeLog(log), 't1')).toEqual(log);
    expect(parseStoredLog(serializeLog(log), 't2')).toBeNull();
    expect(parseStoredLog(serializeLog({ ...log, commands: [] }), 't1')).toBeNull();
    expect(parseStoredLog('{"timerId":"t1"', 't1')).toBeNull();
    expect(parseStoredLog(null, 't1')).toBeNull();
    expect(
      parseStoredLog(JSON.stringify({ ...log, commands: [{ command: { type: 'explode' }, at: 1 }] }), 't1'),
    ).toBeNull();
  });
});

describe('authority state machine', () => {
  const offline = { type: 'link', hubOnline: false, fallbackReady: true } as const;
  const offlineNoFallback = { type: 'link', hubOnline: false, fallbackReady: false } as const;
  const online = { type: 'link', hubOnline: true, fallbackReady: true } as const;
  const applied: AuthorityEvent = { type: 'applied', log: offlineLog() };
  const runAll = (events: AuthorityEvent[], from: AuthorityState = initialAuthority()) =>
    events.reduce(nextAuthority, from);

  it.each<[string, AuthorityEvent[], Partial<AuthorityState>]>([
    ['stays with the hub without a fallback', [offlineNoFallback], { phase: 'idle' }],
    ['takes over when cut off with a fallback', [offline], { phase: 'authority', log: null }],
    ['hands back to the hub when nothing was done', [offline, online], { phase: 'idle' }],
    ['replays when the hub returns with a log', [offline, applied, online], { phase: 'replaying' }],
    [
      'a successful replay settles as synced',
      [offline, applied, online, { type: 'replay-ok' }],
      { phase: 'idle', log: null, outcome: { kind: 'synced', seq: 1 } },
    ],
    [
      'a refused replay asks the organizer',
      [offline, applied, online, { type: 'replay-refused', message: '版本冲突' }],
      { phase: 'conflict', conflict: '版本冲突' },
    ],
    [
      'keeping the server state drops the log',
      [
        offline,
        applied,
        online,
        { type: 'replay-refused', message: 'x' },
        { type: 'choose', winner: 'server' },
      ],
      { phase: 'idle', log: null, outcome: { kind: 'kept-server', seq: 1 } },
    ],
    [
      'keeping the local state replays with force',
      [
        offline,
        applied,
        online,
        { type: 'replay-refused', message: 'x' },
        { type: 'choose', winner: 'local' },
      ],
      { phase: 'replaying', force: true },
    ],
    [
      'a forced replay settles as forced',
      [
        offline,
        applied,
        online,
        { type: 'replay-refused', message: 'x' },
        { type: 'choose', winner: 'local' },
        { type: 'replay-ok' },
      ],
      { phase: 'idle', outcome: { kind: 'forced', seq: 1 }, force: false },
    ],
    [
      'losing the hub during the replay goes back to authority, log kept',
      [offline, applied, online, offline],
      { phase: 'authority', log: applied.log },
    ],
    [
      'losing the hub while a choice waits keeps control',
      [offline, applied, online, { type: 'replay-refused', message: 'x' }, offlineNoFallback],
      { phase: 'authority', conflict: null },
    ],
    ['commands applied while idle are ignored', [applied], { phase: 'idle', log: null }],
    [
      'a restored log replays when the hub answers',
      [{ type: 'restored', log: applied.log, hubOnline: true }],
      { phase: 'replaying', log: applied.log },
    ],
    [
      'a restored log keeps control while the hub is away',
      [{ type: 'restored', log: applied.log, hubOnline: false }],
      { phase: 'authority' },
    ],
  ])('%s', (_name, events, expected) => {
    expect(runAll(events)).toMatchObject(expected);
  });

  it('routes commands: hub when idle, local under authority, refused while replaying or choosing', () => {
    expect(commandRoute(initialAuthority())).toBeNull();
    expect(commandRoute(runAll([offline]))).toBe(true);
    expect(commandRoute(runAll([offline, applied, online]))).toBe('正在同步离线操作，请稍候');
    expect(commandRoute(runAll([offline, applied, online, { type: 'replay-refused', message: 'x' }]))).toBe(
      '请先选择保留哪一方的状态',
    );
  });
});
