import { describe, expect, it } from 'vitest';
import { ServerClock } from './server-clock';

describe('ServerClock', () => {
  it('measures the offset over sequential pings and keeps the best', async () => {
    let local = 10_000;
    const serverAhead = 2_500;
    const rtts = [300, 20, 40, 500];
    let i = 0;
    const clock = new ServerClock(() => local);
    const ping = async () => {
      const rtt = rtts[i++ % rtts.length]!;
      local += rtt / 2;
      const at = local + serverAhead;
      local += rtt / 2;
      return { receivedAt: at, sentAt: at };
    };
    await clock.sync(ping, 4);
    expect(clock.offsetMs).toBeCloseTo(serverAhead);
    expect(clock.synced).toBe(true);
    expect(clock.now()).toBeCloseTo(local + serverAhead);
  });

  it('stops a burst at the first failed ping and keeps the previous estimate', async () => {
    const clock = new ServerClock(() => 0);
    await clock.sync(() => Promise.reject(new Error('closed')), 5);
    expect(clock.synced).toBe(false);
    expect(clock.offsetMs).toBe(0);
  });
});
