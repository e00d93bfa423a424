/**
 * Every procedure of the hub's router, called by every kind of caller, against the role it
 * declares. The table below is the permission model; a procedure missing from it fails the test,
 * so every new procedure has to state who may call it.
 *
 * Allowed means the call got past authorization: any answer but UNAUTHORIZED/FORBIDDEN (inputs
 * are chosen so that allowed calls are harmless: a command the match rejects, a settings value
 * that fails validation…). Each procedure gets a fresh timer, so destructive calls (a new control
 * key, sign-out everywhere) cannot leak into the next row.
 */
import { createTRPCUntypedClient, createWSClient, httpBatchLink, wsLink, TRPCClientError, type TRPCUntypedClient } from '@trpc/client';
import { createTransformer } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AnyRouter } from '@trpc/server';
import { appRouter } from '../../hub/src/trpc/app.router';
import { atLeast, type TimerRole } from '../../hub/src/timers/roles';
import type { SessionUser } from '../../hub/src/auth/auth.service';
import { DATABASE_KINDS, startHub, type TestHub } from '../support/hub';

type Rule =
  | { kind: 'public' }
  | { kind: 'authed' }
  | { kind: 'admin' }
  | { kind: 'timer'; minimum: TimerRole }
  | { kind: 'timer+account'; minimum: TimerRole }
  | { kind: 'lobby-organizer' };

const PUBLIC: Rule = { kind: 'public' };
const AUTHED: Rule = { kind: 'authed' };
const ADMIN: Rule = { kind: 'admin' };
const ORGANIZER: Rule = { kind: 'lobby-organizer' };
const timer = (minimum: TimerRole): Rule => ({ kind: 'timer', minimum });

/** What one row needs to build its input. */
interface Fixture {
  timerId: string;
  shortid: string;
  matchId: string;
  controlKey: string;
  targetUserId: string;
  inviteId: string;
  inviteToken: string;
  lobby: { id: string; code: string; organizerKey: string } | null;
  signInEmail: string;
  unique: string;
}

interface Row {
  rule: Rule;
  input?: (fx: Fixture) => unknown;
}

const lobbyId = (fx: Fixture) => fx.lobby?.id ?? 'missing';

/** The permission model: every procedure and the role it needs. */
const TABLE: Record<string, Row> = {
  'system.info': { rule: PUBLIC },
  'system.time': { rule: PUBLIC },
  'clock.ping': { rule: PUBLIC, input: () => ({ t0: Date.now() }) },

  'timer.create': { rule: PUBLIC, input: () => ({}) },
  'timer.get': { rule: PUBLIC, input: (fx) => ({ id: fx.timerId }) },
  'timer.log': { rule: PUBLIC, input: (fx) => ({ id: fx.timerId }) },
  // The control key is the capability itself; presenting it is the proof.
  'timer.claimControl': { rule: PUBLIC, input: (fx) => ({ timerId: fx.timerId, key: fx.controlKey }) },
  'timer.watch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, role: 'controller' }) },
  'timer.command': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, command: { type: 'pause' } }) },
  'timer.replay': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId, baseVersion: 0, commands: [{ command: { type: 'pause' }, at: Date.now() }] }) },
  'timer.newMatch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'timer.claim': { rule: { kind: 'timer+account', minimum: 'owner' }, input: (fx) => ({ timerId: fx.timerId }) },

  'auth.config': { rule: PUBLIC },
  'auth.me': { rule: PUBLIC },
  'auth.signUp': { rule: PUBLIC, input: (fx) => ({ email: `new-${fx.unique}@bianshi.test`, password: 'correct horse battery' }) },
  'auth.signIn': { rule: PUBLIC, input: (fx) => ({ email: fx.signInEmail, password: 'correct horse battery' }) },
  'auth.exchangeSupabase': { rule: PUBLIC, input: () => ({ accessToken: 'not-a-token-not-a-token-not-a-token' }) },
  'auth.signOut': { rule: PUBLIC },
  'auth.signOutEverywhere': { rule: AUTHED },
  'auth.users': { rule: ADMIN },

  'members.list': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId }) },
  'members.setRole': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId, userId: fx.targetUserId, role: 'viewer' }) },
  'members.remove': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId, userId: fx.targetUserId }) },
  'members.createInvite': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId, role: 'judge' }) },
  'members.revokeInvite': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId, inviteId: fx.inviteId }) },
  'members.previewInvite': { rule: PUBLIC, input: (fx) => ({ token: fx.inviteToken }) },
  'members.acceptInvite': { rule: AUTHED, input: (fx) => ({ token: fx.inviteToken }) },
  'members.mine': { rule: AUTHED },

  'manage.get': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.updateInfo': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId, name: '', description: '' }) },
  'manage.updateSettings': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId, section: 'display', value: { tenths: 'invalid' } }) },
  'manage.setFormat': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId, format: { invalid: true } }) },
  'manage.importConfig': { rule: timer('editor'), input: (fx) => ({ timerId: fx.timerId, config: { kind: 'bianshi-timer-config', version: 1, format: { invalid: true } } }) },
  'manage.regenerateControlKey': { rule: timer('owner'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.matches': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.planMatch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, entry: 'invalid' }) },
  'manage.updatePlan': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId, entry: 'invalid' }) },
  'manage.makeCurrent': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId }) },
  'manage.startMatch': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId }) },
  'manage.matchRecord': { rule: timer('controller'), input: (fx) => ({ timerId: fx.timerId, matchId: fx.matchId }) },

  'lobby.list': { rule: PUBLIC },
  'lobby.create': { rule: PUBLIC, input: () => ({ name: '权限测试大厅' }) },
  'lobby.joinByCode': { rule: PUBLIC, input: (fx) => ({ code: fx.lobby?.code ?? 'AAAAAA' }) },
  'lobby.get': { rule: PUBLIC, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'lobby.claimOrganizer': { rule: PUBLIC, input: (fx) => ({ lobbyId: lobbyId(fx), key: fx.lobby?.organizerKey ?? 'x'.repeat(20) }) },
  'lobby.watch': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), role: 'controller' }) },
  'lobby.update': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), name: '' }) },
  'lobby.setFeatured': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), timerId: 'no-such-timer' }) },
  'lobby.setMode': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), mode: 'invalid-mode' }) },
  'lobby.message': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), text: '' }) },
  'lobby.clearMessage': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx) }) },
  'lobby.identify': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen' }) },
  'lobby.rename': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen', name: '屏幕' }) },
  'lobby.move': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen', target: 'nowhere' }) },
  'lobby.disconnect': { rule: ORGANIZER, input: (fx) => ({ lobbyId: lobbyId(fx), screenId: 'no-such-screen' }) },
};

/** Callers, weakest first; the owner goes last so its destructive calls come after the others'. */
const CALLERS = ['anonymous', 'lobbyOrganizer', 'keyHolder', 'viewer', 'judge', 'controller', 'editor', 'admin', 'otherOwner', 'owner'] as const;
type CallerName = (typeof CALLERS)[number];

interface CallerFacts {
  /** Role on the row's timer. */
  role: TimerRole;
  account: boolean;
  admin: boolean;
  lobbyOrganizer: boolean;
}

const FACTS: Record<CallerName, CallerFacts> = {
  anonymous: { role: 'viewer', account: false, admin: false, lobbyOrganizer: false },
  lobbyOrganizer: { role: 'viewer', account: false, admin: false, lobbyOrganizer: true },
  // The control key of an account-owned timer: a controller, without an account.
  keyHolder: { role: 'controller', account: false, admin: false, lobbyOrganizer: false },
  viewer: { role: 'viewer', account: true, admin: false, lobbyOrganizer: false },
  judge: { role: 'judge', account: true, admin: false, lobbyOrganizer: false },
  controller: { role: 'controller', account: true, admin: false, lobbyOrganizer: false },
  editor: { role: 'editor', account: true, admin: false, lobbyOrganizer: false },
  // Admin is global (cdkeys, users), not a role on other people's timers.
  admin: { role: 'viewer', account: true, admin: true, lobbyOrganizer: false },
  otherOwner: { role: 'viewer', account: true, admin: false, lobbyOrganizer: false },
  owner: { role: 'owner', account: true, admin: false, lobbyOrganizer: false },
};

function expectedAllowed(rule: Rule, caller: CallerFacts): boolean {
  switch (rule.kind) {
    case 'public':
      return true;
    case 'authed':
      return caller.account;
    case 'admin':
      return caller.admin;
    case 'timer':
      return atLeast(caller.role, rule.minimum);
    case 'timer+account':
      return caller.account && atLeast(caller.role, rule.minimum);
    case 'lobby-organizer':
      return caller.lobbyOrganizer;
  }
}

const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' | 'subscription' } }> } })._def.procedures;

describe('the permission table', () => {
  it('declares every procedure of the router', () => {
    const missing = Object.keys(procedures).filter((path) => !(path in TABLE));
    expect(missing, `procedures without a permission rule: add them to TABLE in ${import.meta.filename}`).toEqual([]);
  });
});

describe.each(DATABASE_KINDS)('every procedure × every caller (%s)', (database) => {
  let hub: TestHub;
  const accounts = new Map<CallerName | 'target' | 'signIn', SessionUser>();
  const lines: string[] = [];

  beforeAll(async () => {
    hub = await startHub({ database, env: { ADMIN_EMAILS: 'perm-admin@bianshi.test', TRUST_PROXY: 'true' } });
    const names = ['viewer', 'judge', 'controller', 'editor', 'admin', 'otherOwner', 'owner', 'target', 'signIn'] as const;
    const created = await Promise.all(
      names.map((name) => hub.services.auth.signUp({ email: name === 'admin' ? 'perm-admin@bianshi.test' : `perm-${name.toLowerCase()}@bianshi.test`, password: 'correct horse battery' }, 'permissions')),
    );
    names.forEach((name, index) => accounts.set(name, created[index]!.user));
    await hub.services.timers.create({ name: '别人的计时器', ownerId: accounts.get('otherOwner')!.id });
  }, 180_000);
  afterAll(async () => {
    if (lines.length) console.info(`permission matrix (${database}):\n${lines.join('\n')}`);
    await hub?.close();
  });

  let serial = 0;
  async function fixture(withLobby: boolean): Promise<Fixture> {
    const owner = accounts.get('owner')!;
    const created = await hub.services.timers.create({ name: '权限测试', ownerId: owner.id });
    for (const role of ['viewer', 'judge', 'controller', 'editor'] as const) {
      await hub.services.members.putMember(created.timer.id, accounts.get(role)!.id, role);
    }
    await hub.services.members.putMember(created.timer.id, accounts.get('target')!.id, 'judge');
    const invite = await hub.services.members.createInvite(created.timer.id, { role: 'viewer', expiresInHours: 1 }, owner.id);
    let lobby: Fixture['lobby'] = null;
    if (withLobby) {
      const made = (await client('anonymous', null).mutation('lobby.create', { name: '权限测试大厅' })) as { id: string; code: string; organizerKey: string };
      lobby = { id: made.id, code: made.code, organizerKey: made.organizerKey };
    }
    serial += 1;
    return {
      timerId: created.timer.id,
      shortid: created.timer.shortid,
      matchId: created.matchId,
      controlKey: created.controlKey,
      targetUserId: accounts.get('target')!.id,
      inviteId: invite.id,
      inviteToken: invite.token,
      lobby,
      signInEmail: 'perm-signin@bianshi.test',
      unique: `${database}-${serial}-${Math.random().toString(36).slice(2, 8)}`,
    };
  }

  /** Headers a caller's browser (or script) sends: its own address, Origin, session, bearer. */
  async function headersFor(name: CallerName, fx: Fixture | null): Promise<Record<string, string>> {
    const headers: Record<string, string> = { origin: hub.url, 'x-forwarded-for': `10.0.${CALLERS.indexOf(name)}.${serial % 250}` };
    const account = accounts.get(name);
    if (account) {
      const { token } = await hub.services.auth.startSession(account, 'permissions');
      headers.cookie = `${hub.services.auth.cookies.session}=${token}`;
    }
    if (name === 'keyHolder' && fx) headers.authorization = `Bearer ${fx.controlKey}`;
    if (name === 'lobbyOrganizer' && fx?.lobby) headers.authorization = `Bearer ${fx.lobby.organizerKey}`;
    return headers;
  }

  function client(name: CallerName, headers: Record<string, string> | null): TRPCUntypedClient<AnyRouter> {
    const sent = headers ?? { origin: hub.url, 'x-forwarded-for': `10.9.9.${serial % 250}` };
    return createTRPCUntypedClient({ links: [httpBatchLink({ url: `${hub.url}/api/trpc`, transformer: createTransformer(), headers: sent })] });
  }

  /** Subscribes over a WebSocket whose upgrade carries the caller's headers; resolves with the first data or error. */
  function subscribeOnce(headers: Record<string, string>, params: Record<string, string>, path: string, input: unknown): Promise<unknown> {
    const { authorization, ...upgradeHeaders } = headers;
    class HeaderSocket extends WebSocket {
      constructor(address: string | URL, protocols?: string | string[]) {
        super(address, protocols, { headers: upgradeHeaders });
      }
    }
    const bearer = authorization?.replace(/^Bearer /, '');
    const socket = createWSClient({
      url: hub.wsUrl,
      WebSocket: HeaderSocket as unknown as typeof globalThis.WebSocket,
      connectionParams: { ...params, ...(bearer ? { controlKey: bearer, organizerKey: bearer } : {}) },
    });
    const ws = createTRPCUntypedClient({ links: [wsLink({ client: socket, transformer: createTransformer() })] });
    return new Promise<unknown>((resolve, reject) => {
      const timeout = setTimeout(() => done(() => reject(new Error(`no answer from ${path}`))), 15_000);
      const holder: { subscription?: { unsubscribe(): void } } = {};
      const done = (settle: () => void) => {
        clearTimeout(timeout);
        holder.subscription?.unsubscribe();
        socket.close();
        settle();
      };
      holder.subscription = ws.subscription(path, input, {
        onData: (data) => done(() => resolve(data)),
        onError: (error) => done(() => reject(error)),
      });
    });
  }

  async function call(name: CallerName, path: string, fx: Fixture): Promise<{ allowed: boolean; code: string }> {
    const type = procedures[path]!._def.type;
    const input = TABLE[path]!.input?.(fx);
    const headers = await headersFor(name, fx);
    try {
      if (type === 'subscription') await subscribeOnce(headers, {}, path, input);
      else if (type === 'query') await client(name, headers).query(path, input);
      else await client(name, headers).mutation(path, input);
      return { allowed: true, code: 'OK' };
    } catch (error) {
      const code = error instanceof TRPCClientError ? String((error.data as { code?: string } | undefined)?.code ?? error.message) : String(error);
      return { allowed: code !== 'UNAUTHORIZED' && code !== 'FORBIDDEN', code };
    }
  }

  for (const path of Object.keys(TABLE)) {
    it(`${path}`, async ({ skip }) => {
      if (!(path in procedures)) skip(`${path} is not in this router yet`);
      const row = TABLE[path]!;
      const fx = await fixture(path.startsWith('lobby.'));
      const results: string[] = [];
      const mismatches: string[] = [];
      for (const name of CALLERS) {
        const expected = expectedAllowed(row.rule, FACTS[name]);
        const { allowed, code } = await call(name, path, fx);
        results.push(`${name}:${allowed ? 'allow' : 'deny'}(${code})`);
        if (allowed !== expected) mismatches.push(`${name} expected ${expected ? 'allowed' : 'forbidden'}, got ${code}`);
      }
      lines.push(`${path.padEnd(28)} ${results.join(' ')}`);
      expect(mismatches, `${path} (${JSON.stringify(row.rule)})`).toEqual([]);
    });
  }
});
