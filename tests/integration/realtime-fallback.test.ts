import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockViews, CONSOLE_CERT_TTL_MS, type FallbackEnvelope } from '@bianshi/shared';
import { ConsoleSigningKey, FallbackVerifier } from '../../client/src/lib/realtime/timer/fallback-signature';
import type { FallbackMessage } from '../../client/src/lib/realtime/timer/fallback';
import {
  NODE_REALTIME_TRANSPORT,
  startSupabaseStandin,
  type SupabaseStandin,
} from '../fixtures/supabase-standin';
import { startHub, type TestHub } from '../support/hub';
import { watchLobby } from '../support/lobby';
import { httpClient } from '../support/trpc';
import { until } from '../support/until';
import { speechFormat } from '../support/formats';

const format = speechFormat('fallback-test', '降级测试', [180_000, 180_000]);

/** A screen's Supabase client with the same realtime numbers as the hub's socket. */
function supabaseClient(standin: SupabaseStandin): SupabaseClient {
  return createClient(standin.url, standin.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: {
      transport: NODE_REALTIME_TRANSPORT,
      heartbeatIntervalMs: 25_000,
      timeout: 10_000,
      reconnectAfterMs: (tries: number) => [1_000, 2_000, 5_000, 10_000][tries - 1] ?? 10_000,
    },
  });
}

describe('Supabase realtime fallback (against the stand-in)', () => {
  let standin: SupabaseStandin;
  let hub: TestHub;
  const clients: SupabaseClient[] = [];

  beforeAll(async () => {
    standin = await startSupabaseStandin();
    hub = await startHub({
      env: {
        SUPABASE_URL: standin.url,
        SUPABASE_ANON_KEY: standin.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: standin.serviceRoleKey,
      },
    });
  });
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels();
    await hub?.close();
    await standin?.close();
  });

  async function createTimer() {
    const created = await httpClient(hub.url).timer.create.mutate({ format });
    return { ...created, controller: httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }) };
  }

  it('tells clients where to fall back and which key signs what they may believe there, with public values only', async () => {
    const info = await httpClient(hub.url).system.info.query();
    expect(info.fallback).toEqual({
      supabaseUrl: standin.url,
      anonKey: standin.anonKey,
      signingKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/),
    });
    expect(JSON.stringify(info)).not.toContain(standin.serviceRoleKey);
  });

  it('mirrors every committed change to the match:<id> broadcast channel, signed with the hub’s key', async () => {
    const { id, matchId, controller } = await createTimer();
    const client = supabaseClient(standin);
    clients.push(client);
    const envelopes: FallbackEnvelope[] = [];
    await new Promise<void>((resolve, reject) => {
      client
        .channel(`match:${matchId}`)
        .on('broadcast', { event: 'change' }, ({ payload }) => envelopes.push(payload as FallbackEnvelope))
        .subscribe((status) =>
          status === 'SUBSCRIBED'
            ? resolve()
            : status === 'CHANNEL_ERROR'
              ? reject(new Error(status))
              : undefined,
        );
    });
    await controller.timer.command.mutate({ timerId: id, command: { type: 'start' } });
    await controller.timer.command.mutate({ timerId: id, command: { type: 'adjust', deltaMs: -3_000 } });
    await until(
      () => envelopes.length,
      (count) => count >= 2,
      10_000,
      20,
    );
    // A screen's verifier (the client's own code) believes them: the hub's key signed them, for this match.
    const info = await httpClient(hub.url).system.info.query();
    const verifier = new FallbackVerifier(info.fallback!.signingKey);
    const received = await Promise.all(
      envelopes.map((envelope) =>
        verifier.open('change', envelope, { matchId, timerId: id, now: Date.now() }),
      ),
    );
    expect(received.map((message) => message?.version)).toEqual([1, 2]);
    // Not for another match, and not once a field is changed.
    expect(
      await verifier.open('change', envelopes[0], { matchId: 'another', timerId: id, now: Date.now() }),
    ).toBeNull();
    expect(
      await verifier.open(
        'change',
        { ...envelopes[1]!, body: envelopes[1]!.body.replace('"version":2', '"version":7') },
        { matchId, timerId: id, now: Date.now() },
      ),
    ).toBeNull();
    // A screen following the channel alone can show the right time: the full state comes along.
    const last = received[1] as Extract<FallbackMessage, { type: 'change' }>;
    expect(last.state.format.stages).toHaveLength(2);
    const [clock] = clockViews(last.state, last.serverNow!);
    expect(clock!.running).toBe(true);
    expect(clock!.usedMs).toBeGreaterThanOrEqual(3_000);
  });

  it('certifies a console’s key for controllers only, for an hour; revoked control gets no renewal', async () => {
    const { id, matchId, controller, controlKey } = await createTimer();
    const key = (await ConsoleSigningKey.generate())!;
    const before = Date.now();
    const answer = await controller.fallback.certificate.mutate({ timerId: id, publicKey: key.publicKey });
    expect(answer.timerId).toBe(id);
    expect(answer.notAfter - before).toBeGreaterThanOrEqual(CONSOLE_CERT_TTL_MS);
    expect(answer.notAfter - Date.now()).toBeLessThanOrEqual(CONSOLE_CERT_TTL_MS);
    // What the console signs under it, a screen of this timer believes.
    const info = await httpClient(hub.url).system.info.query();
    const verifier = new FallbackVerifier(info.fallback!.signingKey);
    const state = (await controller.timer.get.query({ id })).state;
    const body = {
      kind: 'fallback-state',
      matchId,
      timerId: id,
      baseVersion: 0,
      version: 0,
      state,
      commands: [],
      events: [],
    };
    expect(
      await verifier.open('fallback-state', await key.seal(body, answer.certificate), {
        matchId,
        timerId: id,
        now: Date.now(),
      }),
    ).toMatchObject({ type: 'console' });

    const refusal = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: unknown) => (error as TRPCClientError<never>).data as { code: string } | null,
      );
    // Anyone else is refused, and so is a key that is not a P-256 point.
    expect(
      await refusal(
        httpClient(hub.url).fallback.certificate.mutate({ timerId: id, publicKey: key.publicKey }),
      ),
    ).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(
      await refusal(controller.fallback.certificate.mutate({ timerId: id, publicKey: 'BAAA' })),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    // The owner rotates the control key: the old key's holder gets no renewal.
    const fresh = await controller.manage.regenerateControlKey.mutate({ timerId: id });
    expect(fresh.controlKey).not.toBe(controlKey);
    expect(
      await refusal(controller.fallback.certificate.mutate({ timerId: id, publicKey: key.publicKey })),
    ).toMatchObject({ code: 'FORBIDDEN' });
    // A private timer's state never goes to the public channel: no certificate.
    const owner = httpClient(hub.url, { authorization: `Bearer ${fresh.controlKey}` });
    await owner.manage.setPrivate.mutate({ timerId: id, private: true });
    expect(
      await refusal(owner.fallback.certificate.mutate({ timerId: id, publicKey: key.publicKey })),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('mirrors lobby presence by role to the lobby:<id> channel', async () => {
    const { id } = await createTimer();
    const anonymous = httpClient(hub.url);
    const lobby = await anonymous.lobby.create.mutate({
      name: '备用通道大厅',
      organizerName: '组委会',
      visibility: 'public',
      timers: [id],
    });
    const client = supabaseClient(standin);
    clients.push(client);
    const received: { counts: { audience: number; display: number }; serverNow: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      client
        .channel(`lobby:${lobby.id}`)
        .on('broadcast', { event: 'presence' }, ({ payload }) =>
          received.push(payload as (typeof received)[number]),
        )
        .subscribe((status) =>
          status === 'SUBSCRIBED'
            ? resolve()
            : status === 'CHANNEL_ERROR'
              ? reject(new Error(status))
              : undefined,
        );
    });
    const screens = [
      watchLobby(hub.wsUrl, { lobbyId: lobby.id, role: 'audience' }),
      watchLobby(hub.wsUrl, { lobbyId: lobby.id, role: 'display' }),
    ];
    try {
      const both = () => received.some((r) => r.counts.audience === 1 && r.counts.display === 1);
      // On a timeout the expect below says what arrived.
      await until(both, (seen) => seen, 15_000, 50).catch(() => undefined);
      expect(
        received.at(-1)!.counts,
        JSON.stringify({ received, errors: screens.map((s) => s.errors.map(String)) }),
      ).toMatchObject({ audience: 1, display: 1 });
    } finally {
      for (const screen of screens) screen.close();
    }
  });

  it('accepts an offline replay when nothing else moved, at the times it happened', async () => {
    const { id, matchId, controller } = await createTimer();
    const createdAt = (await controller.timer.get.query({ id })).state.createdAt;
    const t0 = createdAt + 100;
    // The commands happened in the past: wait until the hub's clock is beyond the last of them.
    await until(
      async () => (await controller.timer.get.query({ id })).serverNow,
      (now) => now > t0 + 500,
      10_000,
      20,
    );
    const result = await controller.timer.replay.mutate({
      timerId: id,
      matchId,
      baseVersion: 0,
      commands: [
        { command: { type: 'start' }, at: t0 },
        { command: { type: 'pause' }, at: t0 + 400 },
      ],
    });
    expect(result.version).toBe(2);
    expect(result.state.status).toBe('paused');
    expect(result.state.stages[0]!.clocks[0]!.usedMs).toBe(400);
    const log = await controller.timer.log.query({ timerId: id });
    expect(log.entries.map((entry) => entry.actor)).toEqual(['replay:http', 'replay:http']);
  });

  it('asks which state wins when the hub moved on, and applies the offline commands on force', async () => {
    const { id, matchId, controller } = await createTimer();
    await controller.timer.command.mutate({ timerId: id, command: { type: 'next' } });
    const offline = {
      timerId: id,
      matchId,
      baseVersion: 0,
      commands: [{ command: { type: 'adjust' as const, deltaMs: -2_000 }, at: Date.now() - 1_000 }],
    };
    const error = await controller.timer.replay.mutate(offline).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCClientError);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'CONFLICT' });
    expect((error as Error).message).toContain('选择');
    const forced = await controller.timer.replay.mutate({ ...offline, force: true });
    expect(forced.version).toBe(2);
    expect(forced.state.stageIndex).toBe(1);
    expect(forced.state.stages[1]!.clocks[0]!.usedMs).toBe(2_000);
  });

  it('rejects a replay with an illegal command as a whole', async () => {
    const { id, matchId, controller } = await createTimer();
    const error = await controller.timer.replay
      .mutate({
        timerId: id,
        matchId,
        baseVersion: 0,
        commands: [
          { command: { type: 'start' }, at: Date.now() - 500 },
          { command: { type: 'switchSide' }, at: Date.now() },
        ],
      })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await controller.timer.get.query({ id })).state.version).toBe(0);
  });

  it('refuses a replay without control', async () => {
    const { id, matchId } = await createTimer();
    const error = await httpClient(hub.url)
      .timer.replay.mutate({
        timerId: id,
        matchId,
        baseVersion: 0,
        commands: [{ command: { type: 'start' }, at: Date.now() }],
      })
      .catch((e: unknown) => e);
    expect((error as TRPCClientError<never>).data).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
