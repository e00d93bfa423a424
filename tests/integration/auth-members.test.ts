import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { httpClient } from '../support/trpc';

describe('timer ownership, members and invite links', () => {
  let hub: TestHub;
  let nowMs = Date.now();
  let owner: TestAccount;
  let guest: TestAccount;
  beforeAll(async () => {
    hub = await startHub({ clock: { now: () => nowMs } });
    owner = await createAccount(hub, 'owner');
    guest = await createAccount(hub, 'guest');
  });
  afterAll(() => hub?.close());

  it('gives timers created while signed in to the account', async () => {
    const created = await owner.client.timer.create.mutate({ name: '决赛' });
    const seen = await owner.client.timer.get.query({ id: created.shortid });
    expect(seen).toMatchObject({ role: 'owner', owned: true, canControl: true });
    // The control key of an owned timer makes its holder a controller, not an owner.
    const keyHolder = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    expect(await keyHolder.timer.get.query({ id: created.id })).toMatchObject({
      role: 'controller',
      owned: true,
    });
    expect(await guest.client.timer.get.query({ id: created.id })).toMatchObject({ role: 'viewer' });
    const mine = await owner.client.members.mine.query();
    expect(mine.timers.map((timer) => timer.id)).toContain(created.id);
    expect(mine.recentMatches.some((match) => match.timerId === created.id)).toBe(true);
  });

  it('lets a signed-in creator claim a timer made anonymously on this device, once', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ name: '匿名创建' });
    const claimer = await createAccount(hub, 'claimer');
    // The device holds the control key (here as a bearer; in the browser the control cookie).
    const withKey = httpClient(hub.url, {
      authorization: `Bearer ${created.controlKey}`,
      cookie: claimer.cookie,
      origin: hub.url,
    });
    expect(await outcome(claimer.client.timer.claim.mutate({ timerId: created.id }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    expect(
      await outcome(
        httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` }).timer.claim.mutate({
          timerId: created.id,
        }),
      ),
    ).toMatchObject({
      ok: false,
      code: 'UNAUTHORIZED',
    });
    expect(await withKey.timer.claim.mutate({ timerId: created.id })).toEqual({
      timerId: created.id,
      shortid: created.shortid,
    });
    expect(await claimer.client.timer.get.query({ id: created.id })).toMatchObject({
      role: 'owner',
      owned: true,
    });
    // Now owned: another account holding the key is only a controller and cannot take it.
    const other = httpClient(hub.url, {
      authorization: `Bearer ${created.controlKey}`,
      cookie: guest.cookie,
      origin: hub.url,
    });
    expect(await outcome(other.timer.claim.mutate({ timerId: created.id }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
  });

  it('turns a judge invite link into a judge membership; the owner changes and removes it', async () => {
    const created = await owner.client.timer.create.mutate({ name: '评委测试' });
    const invite = await owner.client.members.createInvite.mutate({
      timerId: created.id,
      role: 'judge',
      expiresInHours: 24,
      label: '评委',
    });
    expect(invite.path).toBe(`/timer/invite/${invite.token}`);
    expect(await httpClient(hub.url).members.previewInvite.query({ token: invite.token })).toMatchObject({
      timerName: '评委测试',
      role: 'judge',
    });
    expect(
      await outcome(httpClient(hub.url).members.acceptInvite.mutate({ token: invite.token })),
    ).toMatchObject({ ok: false, code: 'UNAUTHORIZED' });

    expect(await guest.client.members.acceptInvite.mutate({ token: invite.token })).toMatchObject({
      timerId: created.id,
      role: 'judge',
    });
    expect(await guest.client.timer.get.query({ id: created.id })).toMatchObject({
      role: 'judge',
      canControl: false,
    });
    expect(
      (await guest.client.members.mine.query()).timers.find((timer) => timer.id === created.id)?.role,
    ).toBe('judge');

    const listed = await owner.client.members.list.query({ timerId: created.id });
    expect(listed.members).toEqual([
      expect.objectContaining({ userId: guest.id, email: guest.email, role: 'judge' }),
    ]);
    expect(listed.invites).toEqual([
      expect.objectContaining({ id: invite.id, role: 'judge', uses: 1, expired: false, label: '评委' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(invite.token);

    await owner.client.members.setRole.mutate({ timerId: created.id, userId: guest.id, role: 'controller' });
    expect(
      (await guest.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } })).version,
    ).toBe(1);
    await owner.client.members.remove.mutate({ timerId: created.id, userId: guest.id });
    expect(await guest.client.timer.get.query({ id: created.id })).toMatchObject({ role: 'viewer' });
    expect(
      await outcome(guest.client.timer.command.mutate({ timerId: created.id, command: { type: 'next' } })),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN' });

    await owner.client.members.revokeInvite.mutate({ timerId: created.id, inviteId: invite.id });
    expect(await outcome(guest.client.members.acceptInvite.mutate({ token: invite.token }))).toMatchObject({
      ok: false,
      code: 'NOT_FOUND',
      message: '邀请链接无效、已撤销或已过期',
    });
  });

  it('refuses expired invite links and keeps a stronger role', async () => {
    const created = await owner.client.timer.create.mutate({});
    const editorLink = await owner.client.members.createInvite.mutate({
      timerId: created.id,
      role: 'editor',
      expiresInHours: 1,
    });
    const viewerLink = await owner.client.members.createInvite.mutate({
      timerId: created.id,
      role: 'viewer',
      expiresInHours: 2,
    });
    await guest.client.members.acceptInvite.mutate({ token: editorLink.token });
    expect(await guest.client.members.acceptInvite.mutate({ token: viewerLink.token })).toMatchObject({
      role: 'editor',
    });
    nowMs += 90 * 60_000;
    const late = await createAccount(hub, 'late');
    expect(await outcome(late.client.members.acceptInvite.mutate({ token: editorLink.token }))).toMatchObject(
      { ok: false, code: 'NOT_FOUND' },
    );
    expect(await late.client.members.acceptInvite.mutate({ token: viewerLink.token })).toMatchObject({
      role: 'viewer',
    });
    const invites = (await owner.client.members.list.query({ timerId: created.id })).invites;
    expect(invites.find((invite) => invite.id === editorLink.id)?.expired).toBe(true);
  });

  it('keeps members management to the owner', async () => {
    const created = await owner.client.timer.create.mutate({});
    const keyHolder = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    for (const client of [guest.client, keyHolder, httpClient(hub.url)]) {
      const result = await outcome(
        client.members.createInvite.mutate({ timerId: created.id, role: 'editor' }),
      );
      expect(result.ok).toBe(false);
      expect(['UNAUTHORIZED', 'FORBIDDEN']).toContain(result.ok ? '' : result.code);
    }
  });
});
