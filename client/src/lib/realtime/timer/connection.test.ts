import { describe, expect, it } from 'vitest';
import { initialConnection, nextConnection, type ConnectionEvent } from './connection';

function runEvents(events: ConnectionEvent[]) {
  return events.reduce(nextConnection, initialConnection());
}

describe('connection status', () => {
  it('is connecting until the first open, then online', () => {
    expect(initialConnection().status).toBe('connecting');
    expect(runEvents([{ type: 'open' }]).status).toBe('online');
  });

  it('reconnects after a drop and goes offline once 1 s, 2 s, 5 s, 10 s all failed', () => {
    const drop: ConnectionEvent[] = [{ type: 'open' }, { type: 'close', code: 1006 }];
    expect(runEvents(drop).status).toBe('reconnecting');
    const failed = (n: number) =>
      Array.from({ length: n }, (): ConnectionEvent => ({ type: 'close', code: 1006 }));
    expect(runEvents([...drop, ...failed(3)]).status).toBe('reconnecting');
    expect(runEvents([...drop, ...failed(4)]).status).toBe('offline');
    expect(runEvents([...drop, ...failed(6), { type: 'open' }]).status).toBe('online');
  });

  it('is offline whenever the browser has no network', () => {
    expect(runEvents([{ type: 'open' }, { type: 'browser', online: false }]).status).toBe('offline');
    expect(
      runEvents([{ type: 'open' }, { type: 'browser', online: false }, { type: 'browser', online: true }])
        .status,
    ).toBe('online');
  });

  it('keeps the hub’s reason for a drop until a socket opens again', () => {
    const slow = runEvents([{ type: 'open' }, { type: 'close', code: 4001 }, { type: 'close', code: 1006 }]);
    expect(slow).toMatchObject({ status: 'reconnecting', dropped: 'too-slow' });
    expect(runEvents([{ type: 'open' }, { type: 'close', code: 4002 }]).dropped).toBe('rate-limited');
    expect(runEvents([{ type: 'open' }, { type: 'close', code: 4001 }, { type: 'open' }]).dropped).toBeNull();
    expect(runEvents([{ type: 'open' }, { type: 'close', code: 1006 }]).dropped).toBeNull();
  });

  it('remembers a protocol mismatch', () => {
    const state = runEvents([{ type: 'open' }, { type: 'close', code: 4000 }, { type: 'open' }]);
    expect(state.protocolMismatch).toBe(true);
  });
});
