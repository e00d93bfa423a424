import type { BallotInput, BallotReceipt } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import {
  BallotOutbox,
  outboxKey,
  randomSubmissionId,
  readOutbox,
  type OutboxDeps,
  type PendingBallot,
} from './ballot-outbox';

const BALLOT: BallotInput = { winner: 'aff', speakerScores: null, bestDebater: null, comment: '' };

/** A fake world: memory storage, a manual clock and timers, and a hub whose answers the test scripts. */
function world(answers: Array<'ok' | 'network' | 'refuse'>) {
  const memory = new Map<string, string>();
  const timers: Array<{ at: number; run: () => void }> = [];
  let clock = 1_000;
  let ids = 0;
  const sent: PendingBallot[] = [];
  const deps: OutboxDeps = {
    token: 'tok-123456',
    storage: {
      get: (k) => memory.get(k) ?? null,
      set: (k, v) => void memory.set(k, v),
      remove: (k) => void memory.delete(k),
    },
    async send(pending) {
      sent.push(pending);
      const answer = answers.shift() ?? 'ok';
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'refuse') throw Object.assign(new Error('这场比赛的结果已经确认'), { refused: true });
      return {
        fixtureId: pending.fixtureId,
        status: 'accepted',
        submittedAt: clock,
        result: null,
      } satisfies BallotReceipt;
    },
    classify: (error) => ({
      refusal: (error as { refused?: boolean }).refused === true,
      message: (error as Error).message,
    }),
    newId: () => `submission-${++ids}`,
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle) => void timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1),
  };
  /** Moves the clock to the next timer and runs it. */
  const tick = async () => {
    const next = timers.sort((a, b) => a.at - b.at).shift();
    if (!next) throw new Error('no timer scheduled');
    clock = next.at;
    next.run();
    await settle();
  };
  return { deps, memory, sent, timers, tick, now: () => clock };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BallotOutbox', () => {
  it('keeps the ballot before sending and forgets it once the hub has it', async () => {
    const w = world(['ok']);
    const outbox = new BallotOutbox(w.deps);
    outbox.enqueue('f1', BALLOT);
    // Stored synchronously, before any answer.
    expect(readOutbox(w.deps.storage, w.deps.token).map((p) => p.fixtureId)).toEqual(['f1']);
    await settle();
    expect(outbox.getState().pending).toEqual([]);
    expect(w.memory.has(outboxKey(w.deps.token))).toBe(false);
    expect(outbox.getState().outcomes.f1).toMatchObject({ type: 'sent' });
  });

  it('retries a lost submission with the same id on the reconnect schedule', async () => {
    const w = world(['network', 'network', 'network', 'ok']);
    const outbox = new BallotOutbox(w.deps);
    outbox.enqueue('f1', BALLOT);
    await settle();
    expect(outbox.getState().pending[0]?.attempts).toBe(1);
    const delays: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      delays.push(outbox.getState().nextRetryAt! - w.now());
      await w.tick();
    }
    expect(delays).toEqual([1_000, 2_000, 5_000]);
    expect(new Set(w.sent.map((p) => p.submissionId))).toEqual(new Set(['submission-1']));
    expect(w.sent).toHaveLength(4);
    expect(outbox.getState().outcomes.f1).toMatchObject({ type: 'sent' });
    expect(outbox.getState().nextRetryAt).toBeNull();
  });

  it('ends on a refusal with the hub’s reason, without retrying', async () => {
    const w = world(['refuse']);
    const outbox = new BallotOutbox(w.deps);
    outbox.enqueue('f1', BALLOT);
    await settle();
    expect(outbox.getState().outcomes.f1).toEqual({
      type: 'refused',
      fixtureId: 'f1',
      message: '这场比赛的结果已经确认',
    });
    expect(outbox.getState().pending).toEqual([]);
    expect(w.timers).toHaveLength(0);
  });

  it('sends a ballot left from before a reload with its original id', async () => {
    const w = world(['network', 'ok']);
    const first = new BallotOutbox(w.deps);
    first.enqueue('f1', BALLOT);
    await settle();
    first.dispose();
    const second = new BallotOutbox(w.deps);
    expect(second.getState().pending.map((p) => p.submissionId)).toEqual(['submission-1']);
    await second.flush();
    expect(w.sent.map((p) => p.submissionId)).toEqual(['submission-1', 'submission-1']);
    expect(second.getState().pending).toEqual([]);
  });

  it('never sends the same ballot twice at once when flushed repeatedly', async () => {
    const w = world(['ok']);
    const outbox = new BallotOutbox(w.deps);
    outbox.enqueue('f1', BALLOT);
    await Promise.all([outbox.flush(), outbox.flush(), outbox.flush()]);
    await settle();
    expect(w.sent).toHaveLength(1);
  });

  it('reads a damaged store as empty', () => {
    const w = world([]);
    w.memory.set(outboxKey(w.deps.token), '{nope');
    expect(readOutbox(w.deps.storage, w.deps.token)).toEqual([]);
  });
});

describe('randomSubmissionId', () => {
  it('is 32 hex digits, as the hub accepts', () => {
    expect(randomSubmissionId(new Uint8Array(16).fill(171))).toBe('ab'.repeat(16));
    expect(randomSubmissionId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
