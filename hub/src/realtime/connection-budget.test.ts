import { describe, expect, it } from 'vitest';
import { HubError } from '../lib/errors';
import {
  AddressSubscriptions,
  ConnectionBudget,
  MAX_CALLS_IN_FLIGHT,
  MAX_LOBBY_JOINS_PER_SOCKET,
  MAX_WATCHES_PER_SOCKET,
} from './connection-budget';

function refusal(action: () => unknown): { reason: string | undefined; code: string } | null {
  try {
    action();
    return null;
  } catch (error) {
    if (!(error instanceof HubError)) throw error;
    return { reason: error.reason, code: error.code };
  }
}

describe('ConnectionBudget', () => {
  it('caps watches and lobby joins per socket, each kind on its own', () => {
    const budget = new ConnectionBudget('1.2.3.4', new AddressSubscriptions(0));
    for (let index = 0; index < MAX_WATCHES_PER_SOCKET; index += 1) budget.acquire('watch');
    expect(refusal(() => budget.acquire('watch'))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      reason: 'too-many-watches',
    });
    for (let index = 0; index < MAX_LOBBY_JOINS_PER_SOCKET; index += 1) budget.acquire('lobby');
    expect(refusal(() => budget.acquire('lobby'))).toEqual({
      code: 'TOO_MANY_REQUESTS',
      reason: 'too-many-lobby-joins',
    });
  });

  it('frees a slot on release, once however often it is released', () => {
    const addresses = new AddressSubscriptions(0);
    const budget = new ConnectionBudget('1.2.3.4', addresses);
    const releases = Array.from({ length: MAX_WATCHES_PER_SOCKET }, () => budget.acquire('watch'));
    releases[0]!();
    releases[0]!();
    expect(budget.holding('watch')).toBe(MAX_WATCHES_PER_SOCKET - 1);
    expect(addresses.of('1.2.3.4')).toBe(MAX_WATCHES_PER_SOCKET - 1);
    budget.acquire('watch');
    expect(refusal(() => budget.acquire('watch'))?.reason).toBe('too-many-watches');
  });

  it('counts every socket of an address against the address cap', () => {
    const addresses = new AddressSubscriptions(3);
    const [a, b] = [new ConnectionBudget('5.6.7.8', addresses), new ConnectionBudget('5.6.7.8', addresses)];
    const other = new ConnectionBudget('9.9.9.9', addresses);
    a.acquire('watch');
    a.acquire('lobby');
    const release = b.acquire('watch');
    expect(refusal(() => b.acquire('watch'))?.reason).toBe('too-many-from-address');
    // A refused acquire holds nothing.
    expect(b.holding('watch')).toBe(1);
    other.acquire('watch');
    release();
    b.acquire('watch');
    expect(addresses.of('5.6.7.8')).toBe(3);
  });

  it('caps calls in flight, frees one as it ends, and leaves the address out of it', () => {
    const addresses = new AddressSubscriptions(1);
    const budget = new ConnectionBudget('1.2.3.4', addresses);
    const ends = Array.from({ length: MAX_CALLS_IN_FLIGHT }, () => budget.startCall());
    expect(refusal(() => budget.startCall())).toEqual({
      code: 'TOO_MANY_REQUESTS',
      reason: 'too-many-in-flight',
    });
    expect(addresses.of('1.2.3.4')).toBe(0);
    ends[0]!();
    ends[0]!();
    expect(budget.inFlight()).toBe(MAX_CALLS_IN_FLIGHT - 1);
    budget.startCall();
    expect(refusal(() => budget.startCall())?.reason).toBe('too-many-in-flight');
    // Watches are counted on their own.
    budget.acquire('watch');
  });
});
