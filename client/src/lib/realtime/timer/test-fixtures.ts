/** A small format and helpers for the realtime timer's unit tests. */
import {
  apply,
  createMatch,
  formatSchema,
  CONSOLE_CERT_TTL_MS,
  type CommandInput,
  type MatchState,
  type SignedText,
  commandSchema,
} from '@bianshi/shared';

/** 0: single 正方 3:30 with CN bells (30 s, 0); 1: dual relay 1:00/side; 2: single overtime continue 0:20; 3: count-up 0:30. */
export const SYNC_TEST_FORMAT = formatSchema.parse({
  schemaVersion: 1,
  id: 'sync-test',
  name: '同步测试',
  tags: { language: 'zh' },
  stages: [
    {
      kind: 'single',
      name: '正方一辩 立论',
      side: 'aff',
      speaker: 1,
      durationMs: 210_000,
      overtime: 'stop',
      bells: [
        { from: 'end', offsetMs: 30_000, count: 1 },
        { from: 'end', offsetMs: 0, count: 2 },
      ],
    },
    {
      kind: 'dual',
      name: '自由辩论',
      durationMs: { aff: 60_000, neg: 60_000 },
      endBehaviour: 'relay',
      overtime: 'stop',
      bells: [{ from: 'end', offsetMs: 30_000, count: 1 }],
    },
    { kind: 'single', name: '反方 陈词', side: 'neg', durationMs: 20_000, overtime: 'continue', bells: [] },
    { kind: 'single', name: '正计时', side: null, durationMs: 30_000, direction: 'up', bells: [] },
  ],
});

/** A fresh match at `now`. */
export function freshMatch(now = 1_000_000): MatchState {
  return createMatch(SYNC_TEST_FORMAT, { now });
}

/** Applies commands in order at the given instants. */
export function run(state: MatchState, steps: [CommandInput, number][]): MatchState {
  let current = state;
  for (const [command, at] of steps) {
    const result = apply(current, commandSchema.parse(command), at);
    if (!result.ok) throw new Error(`command ${command.type} rejected: ${result.error.code}`);
    current = result.state;
  }
  return current;
}

/**
 * A stand-in for the hub's fallback key (tests only), over WebCrypto like the hub's own
 * (hub/src/supabase/fallback-signing.ts): signs bodies and certifies console keys.
 */
export async function testFallbackKey() {
  const algorithm = { name: 'ECDSA', namedCurve: 'P-256' } as const;
  const pair = await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify']);
  const base64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString('base64url');
  const seal = async (value: unknown): Promise<SignedText> => {
    const body = JSON.stringify(value);
    return {
      body,
      sig: base64url(
        await crypto.subtle.sign(
          { name: 'ECDSA', hash: 'SHA-256' },
          pair.privateKey,
          new TextEncoder().encode(body),
        ),
      ),
    };
  };
  return {
    publicKey: base64url(await crypto.subtle.exportKey('raw', pair.publicKey)),
    seal,
    /** A console certificate as `fallback.certificate` answers it. */
    async certify(timerId: string, key: string, now: number, ttlMs = CONSOLE_CERT_TTL_MS) {
      const certificate = await seal({
        kind: 'console-cert',
        timerId,
        key,
        issuedAt: now,
        notAfter: now + ttlMs,
      });
      return { certificate, timerId, notAfter: now + ttlMs };
    },
  };
}
