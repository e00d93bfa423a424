import type { FallbackEnvelope } from '@bianshi/shared';
import { describe, expect, it } from 'vitest';
import { ConsoleSigningKey, FallbackVerifier, type FallbackExpectation } from './fallback-signature';
import { freshMatch, run, testFallbackKey } from './test-fixtures';

const T0 = 1_000_000;
const expected = { matchId: 'm1', timerId: 't1', now: T0 + 5_000 };

describe('FallbackVerifier: what a screen believes on the public channel', async () => {
  const hub = await testFallbackKey();
  const stranger = await testFallbackKey();
  const console1 = (await ConsoleSigningKey.generate())!;
  const state = run(freshMatch(T0), [[{ type: 'start' }, T0]]);
  const change = { kind: 'change', matchId: 'm1', version: 1, state, events: [], serverNow: T0 };
  const consoleBody = {
    kind: 'fallback-state',
    matchId: 'm1',
    timerId: 't1',
    baseVersion: 0,
    version: 1,
    state,
    commands: [{ command: { type: 'start' }, at: T0 }],
    events: [],
  };
  const cert = (await hub.certify('t1', console1.publicKey, T0)).certificate;
  const verifier = new FallbackVerifier(hub.publicKey);
  const open = (event: string, payload: unknown, expectation: FallbackExpectation = expected) =>
    verifier.open(event, payload, expectation).then((message) => message?.type ?? null);

  it('shows the hub’s signed change and a certified console’s signed state', async () => {
    expect(await open('change', await hub.seal(change))).toBe('change');
    expect(await open('fallback-state', await console1.seal(consoleBody, cert))).toBe('console');
  });

  it.each<[string, () => Promise<[string, unknown]>]>([
    [
      'an unsigned change (the old wire form)',
      async () => ['change', { version: 1, state, events: [], serverNow: T0 }],
    ],
    ['a change signed by another key', async () => ['change', await stranger.seal(change)]],
    [
      'a change whose field was changed after signing',
      async () => {
        const signed = await hub.seal(change);
        return ['change', { ...signed, body: signed.body.replace('"version":1', '"version":9') }];
      },
    ],
    [
      'a change signed for another match',
      async () => ['change', await hub.seal({ ...change, matchId: 'm2' })],
    ],
    [
      'a signed change sent as a console state',
      async () => ['fallback-state', { ...(await hub.seal(change)), cert }],
    ],
    ['a console state without a certificate', async () => ['fallback-state', await hub.seal(consoleBody)]],
    [
      'a console state with a certificate another key signed',
      async () => [
        'fallback-state',
        await console1.seal(consoleBody, (await stranger.certify('t1', console1.publicKey, T0)).certificate),
      ],
    ],
    [
      'a console state with a certificate for another timer',
      async () => [
        'fallback-state',
        await console1.seal(consoleBody, (await hub.certify('t2', console1.publicKey, T0)).certificate),
      ],
    ],
    [
      'a console state with an expired certificate',
      async () => [
        'fallback-state',
        await console1.seal(
          consoleBody,
          (await hub.certify('t1', console1.publicKey, T0 - 10_000, 1_000)).certificate,
        ),
      ],
    ],
    [
      'a console state signed by a key other than the certified one',
      async () => ['fallback-state', await (await ConsoleSigningKey.generate())!.seal(consoleBody, cert)],
    ],
    [
      'a console state claiming another timer than its certificate',
      async () => ['fallback-state', await console1.seal({ ...consoleBody, timerId: 't2' }, cert)],
    ],
    [
      'a console state whose certificate was edited',
      async () => {
        const edited = { ...cert, body: cert.body.replace(/"notAfter":\d+/, '"notAfter":9999999999999') };
        return ['fallback-state', await console1.seal(consoleBody, edited)];
      },
    ],
    ['an unknown event', async () => ['presence', await hub.seal(change)]],
    ['not an envelope', async () => ['change', 'hello']],
  ])('drops %s', async (_name, make) => {
    const [event, payload] = await make();
    expect(await open(event, payload)).toBeNull();
  });

  it('drops a console state on a screen that does not know its timer yet', async () => {
    const envelope: FallbackEnvelope = await console1.seal(consoleBody, cert);
    expect(await open('fallback-state', envelope, { ...expected, timerId: null })).toBeNull();
  });
});
