/**
 * The attacks of issue 30, each as one client sends it for as long as it is told: no waiting
 * for the hub's good will (a refusal, a 429 or a closed socket only makes it try again), but no
 * more than a few requests in flight at once, so the attacker's own process does not take the
 * CPU the hub needs (the bench, the hub and the attacker share this machine's cores).
 */
import { randomBytes } from 'node:crypto';
import { CDKEY_RANDOM_BYTES, cdkeyFromBytes, PROTOCOL_VERSION, YJS_MESSAGE, YJS_PATH } from '@bianshi/shared';
import WebSocket from 'ws';
import * as encoding from 'lib0/encoding';

/** What each attack needs of the hub under attack. */
export interface AttackTarget {
  url: string;
  wsUrl: string;
  timerId: string;
  /** An account the sign-in guesses aim at. */
  victimEmail: string;
  /** The attacker's own session (a free account: cdkey guesses and Yjs need one). */
  attackerCookie: string;
  /** A Workbench document the attacker was invited to as a viewer. */
  documentId: string;
}

/** What one attack did: requests sent, and how they ended. */
export interface AttackCounts {
  sent: number;
  /** Answered with a refusal (4xx, a tRPC error, a close with a refusal code). */
  refused: number;
  /** Answered as asked. */
  served: number;
  /** Failed without an answer (connection reset, timeout). */
  failed: number;
  /** Refusals and closes by reason (`HTTP 429`, a tRPC reason, `close 4413`). */
  reasons: Record<string, number>;
}

function refuse(counts: AttackCounts, reason: string): void {
  counts.refused += 1;
  counts.reasons[reason] = (counts.reasons[reason] ?? 0) + 1;
}

export type Attack = (target: AttackTarget, until: number, counts: AttackCounts) => Promise<void>;

/** The attacker's address, as the proxy in front of the hub appends it. */
const ATTACKER_IP = '10.66.6.6';
const IN_FLIGHT = 4;

async function loop(until: number, parallel: number, once: () => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (Date.now() < until) await once();
    }),
  );
}

async function request(counts: AttackCounts, url: string, init: RequestInit = {}): Promise<void> {
  counts.sent += 1;
  try {
    const response = await fetch(url, {
      ...init,
      headers: { 'x-forwarded-for': ATTACKER_IP, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (response.status < 400) counts.served += 1;
    else refuse(counts, `HTTP ${response.status}`);
    // A refusal with Retry-After is not waited for: the attacker tries again at once.
  } catch {
    counts.failed += 1;
  }
}

function trpcPost(
  target: AttackTarget,
  path: string,
  input: unknown,
  cookie?: string,
): [string, RequestInit] {
  return [
    `${target.url}/api/trpc/${path}`,
    {
      method: 'POST',
      headers: { origin: target.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ json: input }),
    },
  ];
}

/** `GET /api/content/docs?where=…LIKE…`: the patterns that held the loop, and the longest allowed. */
const contentLike: Attack = (target, until, counts) => {
  const patterns = ['%%%☃', '%%☃', `%${'%☃'.repeat(20)}`, '%a%b%c%d%e%f%g%h%☃'];
  let n = 0;
  return loop(until, IN_FLIGHT, () => {
    const value = patterns[n++ % patterns.length]!;
    return request(
      counts,
      `${target.url}/api/content/docs?where=${encodeURIComponent(JSON.stringify([{ field: 'body.html', operator: 'LIKE', value }]))}`,
    );
  });
};

/** Opens a tRPC socket from the attacker's address and keeps `send` going until it closes or time is up. */
function socketLoop(
  target: AttackTarget,
  until: number,
  counts: AttackCounts,
  send: (socket: WebSocket, next: () => number) => void,
  everyMs: number,
): Promise<void> {
  let id = 0;
  const next = () => ++id;
  const once = () =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(`${target.wsUrl}?protocol=${PROTOCOL_VERSION}`, {
        headers: { origin: target.url, 'x-forwarded-for': ATTACKER_IP },
      });
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearInterval(timer);
        socket.terminate();
        resolve();
      };
      socket.on('error', () => {
        counts.failed += 1;
        done();
      });
      socket.on('close', (code: number) => {
        if (code !== 1000 && code !== 1005) refuse(counts, `close ${code}`);
        done();
      });
      socket.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text === 'PING') return;
        // One frame may answer many calls.
        const replies = (text.startsWith('[') ? JSON.parse(text) : [JSON.parse(text)]) as {
          error?: { json?: { data?: { reason?: string | null; code?: string } } };
          result?: unknown;
        }[];
        for (const reply of replies) {
          if (reply.error)
            refuse(counts, reply.error.json?.data?.reason ?? reply.error.json?.data?.code ?? 'error');
          else counts.served += 1;
        }
      });
      socket.on('open', () => {
        timer = setInterval(() => {
          if (Date.now() >= until) return done();
          if (socket.bufferedAmount < 1 << 20) send(socket, next);
        }, everyMs);
      });
    });
  return loop(until, 1, once);
}

/** Frames of 40 `timer.get` calls (the most a message may hold), 50 frames a second. */
const wsBatches: Attack = (target, until, counts) =>
  socketLoop(
    target,
    until,
    counts,
    (socket, next) => {
      const calls = Array.from({ length: 40 }, () => ({
        id: next(),
        method: 'query',
        params: { path: 'timer.get', input: { json: { id: target.timerId } } },
      }));
      counts.sent += calls.length;
      socket.send(JSON.stringify(calls));
    },
    20,
  );

/** `timer.watch` opened and stopped again and again on one socket, 100 a second. */
const watchFlood: Attack = (target, until, counts) =>
  socketLoop(
    target,
    until,
    counts,
    (socket, next) => {
      const id = next();
      counts.sent += 1;
      socket.send(
        JSON.stringify({
          id,
          method: 'subscription',
          params: { path: 'timer.watch', input: { json: { timerId: target.timerId, role: 'audience' } } },
        }),
      );
      if (id % 3 === 0) socket.send(JSON.stringify({ id: id - 1, method: 'subscription.stop' }));
    },
    10,
  );

/** Wrong passwords for someone else's address. */
const signInGuesses: Attack = (target, until, counts) => {
  let n = 0;
  return loop(until, IN_FLIGHT, () =>
    request(
      counts,
      ...trpcPost(target, 'auth.signIn', { email: target.victimEmail, password: `guess ${n++}` }),
    ),
  );
};

/** Random keys, looked up and redeemed, from a signed-in free account. */
const cdkeyGuesses: Attack = (target, until, counts) => {
  let n = 0;
  return loop(until, IN_FLIGHT, () => {
    const key = cdkeyFromBytes(randomBytes(CDKEY_RANDOM_BYTES));
    if (n++ % 2 === 0) {
      return request(
        counts,
        `${target.url}/api/trpc/commerce.keyStatus?input=${encodeURIComponent(JSON.stringify({ json: { key } }))}`,
        { headers: { origin: target.url, cookie: target.attackerCookie } },
      );
    }
    return request(counts, ...trpcPost(target, 'commerce.redeem', { key }, target.attackerCookie));
  });
};

/** Presence messages of 60 KiB on a document the attacker may view, 200 a second, one of 3 MiB now and then. */
const yjsAwareness: Attack = (target, until, counts) => {
  const frame = (bytes: number, clock: number) => {
    const body = encoding.createEncoder();
    encoding.writeVarUint(body, 1);
    encoding.writeVarUint(body, 777_001);
    encoding.writeVarUint(body, clock);
    encoding.writeVarString(body, JSON.stringify({ user: { name: '组长' }, cursor: 'x'.repeat(bytes) }));
    const message = encoding.createEncoder();
    encoding.writeVarUint(message, YJS_MESSAGE.awareness);
    encoding.writeVarUint8Array(message, encoding.toUint8Array(body));
    return encoding.toUint8Array(message);
  };
  let clock = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const socket = new WebSocket(`${target.url.replace(/^http/, 'ws')}${YJS_PATH}/${target.documentId}`, {
        headers: { origin: target.url, cookie: target.attackerCookie },
      });
      let timer: NodeJS.Timeout | undefined;
      const done = () => {
        clearInterval(timer);
        socket.terminate();
        resolve();
      };
      socket.on('error', () => {
        counts.failed += 1;
        done();
      });
      socket.on('unexpected-response', (_request, response) => {
        refuse(counts, `HTTP ${response.statusCode}`);
        done();
      });
      socket.on('close', (code: number) => {
        if (code >= 4000) refuse(counts, `close ${code}`);
        done();
      });
      socket.on('open', () => {
        timer = setInterval(() => {
          if (Date.now() >= until) return done();
          if (socket.bufferedAmount > 4 << 20) return;
          clock += 1;
          counts.sent += 1;
          socket.send(frame(clock % 100 === 0 ? 3 * 1024 * 1024 : 60 * 1024, clock));
        }, 5);
      });
    });
  return loop(until, 1, once);
};

/** The attacks in the order the bench sends them. */
export const ATTACKS: readonly { name: string; what: string; run: Attack }[] = [
  {
    name: 'content-like',
    what: 'content query LIKE patterns that backtracked (`%%%☃` …), 4 in flight',
    run: contentLike,
  },
  {
    name: 'ws-batches',
    what: 'WebSocket frames of 40 timer.get calls, 50 frames/s, reconnecting when closed',
    run: wsBatches,
  },
  {
    name: 'watch-flood',
    what: 'timer.watch opened (and every third stopped) 100/s on one socket, reconnecting when closed',
    run: watchFlood,
  },
  {
    name: 'sign-in-guesses',
    what: "wrong passwords for the console owner's address, 4 in flight",
    run: signInGuesses,
  },
  {
    name: 'cdkey-guesses',
    what: 'random keys to commerce.keyStatus and commerce.redeem, 4 in flight',
    run: cdkeyGuesses,
  },
  {
    name: 'yjs-awareness',
    what: 'presence messages of 60 KiB at 200/s (every 100th 3 MiB), reconnecting when closed',
    run: yjsAwareness,
  },
];
