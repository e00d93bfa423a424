/**
 * The load generator: a separate process holding thousands of subscribers, driven by the
 * bench over IPC. Every instant it measures comes from this process's own monotonic clock —
 * commands are sent from here too — so latencies need no clock agreement between processes.
 */
import { serveRequests } from '../support/ipc';
import { sleep } from '../support/log';
import { distribution } from '../support/stats';
import {
  SUBSCRIBE_TIMEOUT_MS,
  openController,
  openSubscriber,
  type Controller,
  type Subscriber,
} from './connections';
import type { BurstResult, FanoutResult, LoadRequest, OpenResult, Target } from './protocol';

/** The command the hub gets: pause/resume, always legal on a clock stage. */
const HUB_COMMAND = { type: 'toggle' } as const;
/** How often completion is checked while waiting for deliveries. */
const POLL_MS = 5;

/** What a running measurement does with each frame. */
type FrameHandler = (index: number, at: number, value: number, raw: Buffer) => void;

/** Subscribers on one target, with what they have seen. Groups grow and shrink between phases. */
class Group {
  readonly subscribers: (Subscriber | null)[] = [];
  /** Latest tracked version (hub) or number of broadcasts received (baselines). */
  seen = new Float64Array(0);
  alive = new Uint8Array(0);
  readonly closedByServer: Record<string, number> = {};
  ticks = 0;
  onFrame: FrameHandler | null = null;
  private controller: Promise<Controller> | null = null;

  constructor(readonly target: Target) {}

  get size(): number {
    return this.subscribers.length;
  }

  /** Makes room for `extra` more subscribers; returns the first new index. */
  grow(extra: number): number {
    const first = this.size;
    const size = first + extra;
    const seen = new Float64Array(size);
    seen.set(this.seen);
    const alive = new Uint8Array(size);
    alive.set(this.alive);
    this.seen = seen;
    this.alive = alive;
    for (let i = 0; i < extra; i++) this.subscribers.push(null);
    return first;
  }

  /** Closes the subscribers from index `keep` on. */
  shrink(keep: number): void {
    for (const subscriber of this.subscribers.splice(keep)) subscriber?.close();
    this.seen = this.seen.slice(0, keep);
    this.alive = this.alive.slice(0, keep);
  }

  control(): Promise<Controller> {
    this.controller ??= openController(this.target, HUB_COMMAND);
    return this.controller;
  }

  /** Opens subscriber `index`; resolves true once its subscription is live. */
  connect(index: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      let settled = false;
      const settle = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(ok);
      };
      const timer = setTimeout(() => {
        subscriber.close();
        settle(false);
      }, SUBSCRIBE_TIMEOUT_MS);
      const subscriber = openSubscriber(this.target, {
        ready: (value) => {
          if (index >= this.size) {
            subscriber.close();
            settle(false);
            return;
          }
          this.seen[index] = value;
          this.alive[index] = 1;
          settle(true);
        },
        frame: (at, value, raw) => {
          if (index >= this.size) return;
          this.onFrame?.(index, at, value, raw);
          this.seen[index] = value;
        },
        tick: () => {
          this.ticks += 1;
        },
        lost: (reason) => {
          if (index < this.size && this.alive[index])
            this.closedByServer[reason] = (this.closedByServer[reason] ?? 0) + 1;
          if (index < this.size) this.alive[index] = 0;
          settle(false);
        },
      });
      this.subscribers[index] = subscriber;
    });
  }

  async close(): Promise<void> {
    this.shrink(0);
    if (this.controller) (await this.controller.catch(() => null))?.close();
  }

  aliveCount(): number {
    let count = 0;
    for (const flag of this.alive) count += flag;
    return count;
  }
}

const groups = new Map<string, Group>();

function groupOf(name: string): Group {
  const group = groups.get(name);
  if (!group) throw new Error(`no group ${name}`);
  return group;
}

/** Opens `count` more subscribers in a group (created on first use). */
async function open(request: Extract<LoadRequest, { type: 'open' }>): Promise<OpenResult> {
  const group = groups.get(request.group) ?? new Group(request.target);
  groups.set(request.group, group);
  const first = group.grow(request.count);
  const started = performance.now();
  const deadline = started + request.timeoutMs;
  let next = 0;
  let ready = 0;
  let failed = 0;
  await new Promise<void>((resolve) => {
    let inFlight = 0;
    const launch = () => {
      while (inFlight < request.concurrency && next < request.count && performance.now() < deadline) {
        inFlight += 1;
        void group.connect(first + next++).then((ok) => {
          inFlight -= 1;
          if (ok) ready += 1;
          else failed += 1;
          if (ready + failed === next && (next === request.count || performance.now() >= deadline)) resolve();
          else launch();
        });
      }
    };
    launch();
  });
  const elapsedMs = performance.now() - started;
  return {
    ready,
    failed: request.count - ready,
    elapsedMs: Math.round(elapsedMs),
    subscribersPerSecond: Math.round((ready / elapsedMs) * 1000),
  };
}

/** Waits until `done()` or `timeoutMs`; true when done. */
async function until(done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (performance.now() > deadline) return false;
    await sleep(POLL_MS);
  }
  return true;
}

/**
 * Sends `commands` hub commands (or bare ws triggers) `intervalMs` apart and records, for every
 * subscriber, the time from each send to the receipt of the frame that command caused.
 */
async function fanout(request: Extract<LoadRequest, { type: 'fanout' }>): Promise<FanoutResult> {
  const group = groupOf(request.group);
  // Hub subscribers count tracked versions, baseline subscribers broadcasts: both go up by one per command.
  if (group.target.kind === 'socketio')
    throw new Error('fan-out latency is measured on the hub and the bare ws baseline');
  const controller = await group.control();
  const n = group.size;
  const base = Float64Array.from(group.seen);
  const nextCommand = new Uint32Array(n);
  const latency = new Float64Array(request.commands * n).fill(Number.NaN);
  const sentAt = new Float64Array(request.commands);
  const delivered = new Uint32Array(request.commands);
  const acks: number[] = [];
  let sent = 0;
  const ticksBefore = group.ticks;
  group.onFrame = (index, at, version) => {
    let k = nextCommand[index]!;
    while (k < sent && base[index]! + k + 1 <= version) {
      latency[k * n + index] = at - sentAt[k]!;
      delivered[k]! += 1;
      k += 1;
    }
    nextCommand[index] = k;
  };
  try {
    const started = performance.now();
    for (let k = 0; k < request.commands; k++) {
      await sleep(Math.max(0, started + k * request.intervalMs - performance.now()));
      sentAt[k] = performance.now();
      sent = k + 1;
      const ack = controller.send().then(() => acks.push(performance.now() - sentAt[k]!));
      await until(() => delivered[k]! >= group.aliveCount(), request.settleTimeoutMs);
      await ack;
    }
  } finally {
    group.onFrame = null;
  }
  const lastDelivery: number[] = [];
  for (let k = 0; k < request.commands; k++) {
    let last = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const value = latency[k * n + i]!;
      if (value > last) last = value;
    }
    lastDelivery.push(Number.isFinite(last) ? last : Number.NaN);
  }
  const expected = request.commands * n;
  let got = 0;
  for (const count of delivered) got += count;
  return {
    commands: request.commands,
    latencyMs: distribution(latency),
    lastDeliveryMs: distribution(lastDelivery),
    ackMs: distribution(acks),
    delivered: got,
    expected,
    closedByServer: { ...group.closedByServer },
    ticks: group.ticks - ticksBefore,
  };
}

/**
 * Triggers `messages` broadcasts back to back (hub: commands on one controller socket;
 * baselines: trigger messages) and measures delivered messages per second until every
 * subscriber has the last one.
 */
async function burst(request: Extract<LoadRequest, { type: 'burst' }>): Promise<BurstResult> {
  const group = groupOf(request.group);
  const controller = await group.control();
  const hub = group.target.kind === 'trpc';
  const n = group.size;
  const base = Float64Array.from(group.seen);
  const lastAt = new Float64Array(n);
  const captured: string[] = [];
  const firstAlive = group.alive.indexOf(1);
  let delivered = 0;
  group.onFrame = (index, at, value, raw) => {
    if (value <= base[index]!) return;
    delivered += 1;
    lastAt[index] = at;
    if (request.capture && index === firstAlive && captured.length < request.messages)
      captured.push(raw.toString());
  };
  let accepted = 0;
  let elapsedMs = Number.NaN;
  let complete = 0;
  try {
    const startedAt = performance.now();
    const sends: Promise<number | null>[] = [];
    for (let k = 0; k < request.messages; k++) sends.push(controller.send());
    if (hub) {
      // A refused command (rate limit) broadcasts nothing; only accepted ones are waited for.
      const outcomes = await Promise.allSettled(sends);
      accepted = outcomes.filter((outcome) => outcome.status === 'fulfilled').length;
    } else {
      // Baselines do not acknowledge; every trigger is a broadcast.
      accepted = request.messages;
    }
    const reached = (index: number) => group.seen[index]! - base[index]! >= accepted;
    await until(
      () => {
        for (let i = 0; i < n; i++) if (group.alive[i] && !reached(i)) return false;
        return true;
      },
      Math.max(0, request.timeoutMs - (performance.now() - startedAt)),
    );
    let last = startedAt;
    for (let i = 0; i < n; i++) {
      if (!group.alive[i] || !reached(i)) continue;
      complete += 1;
      last = Math.max(last, lastAt[i]!);
    }
    elapsedMs = last - startedAt;
  } finally {
    group.onFrame = null;
  }
  return {
    broadcasts: accepted,
    delivered,
    expected: accepted * n,
    elapsedMs: Math.round(elapsedMs),
    messagesPerSecond: Math.round((delivered / elapsedMs) * 1000),
    completeSubscribers: complete,
    closedByServer: { ...group.closedByServer },
    ...(request.capture ? { captured } : {}),
  };
}

serveRequests(async (body) => {
  const request = body as LoadRequest;
  switch (request.type) {
    case 'open':
      return open(request);
    case 'fanout':
      return fanout(request);
    case 'burst':
      return burst(request);
    case 'close': {
      const group = groups.get(request.group);
      if (request.keep) {
        group?.shrink(request.keep);
      } else {
        await group?.close();
        groups.delete(request.group);
      }
      // Let the closes reach the server before the next phase measures it.
      await sleep(200);
      return { size: request.keep ? (group?.size ?? 0) : 0 };
    }
  }
});
