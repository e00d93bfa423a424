import { describe, expect, it } from 'vitest';
import { createPrefetchQueue, MAX_PENDING_PREFETCHES, prefetchAllowed } from './prefetch';

describe('prefetchAllowed', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ saveData: true, effectiveType: '4g' }, false],
  ])('%j → %s', (connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });
});

describe('createPrefetchQueue', () => {
  it('waits while more than 4 prefetches are pending, then runs the next as one finishes', async () => {
    const queue = createPrefetchQueue();
    const finishers: (() => void)[] = [];
    const started: number[] = [];
    const all = Array.from({ length: 8 }, (_, index) =>
      queue.push(() => {
        started.push(index);
        return new Promise<void>((resolve) => finishers.push(resolve));
      }),
    );
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.pending).toBe(MAX_PENDING_PREFETCHES + 1);
    expect(queue.waiting).toBe(3);
    finishers[0]!();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    for (let i = 1; i < 8; i++) {
      finishers[i]?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    finishers.forEach((finish) => finish());
    await Promise.all(all);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(queue.pending).toBe(0);
  });

  it('a failed prefetch frees its place', async () => {
    const queue = createPrefetchQueue(0);
    await queue.push(() => Promise.reject(new Error('offline')));
    let ran = false;
    await queue.push(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
