/**
 * Refused input is Chinese all the way down, on every input, with a machine reason and the
 * field: /api/v1 over HTTP, tRPC over HTTP and over the WebSocket, and a settings section.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHub, type TestHub } from '../support/hub';
import { httpClient, wsClient } from '../support/trpc';

let hub: TestHub;
beforeAll(async () => {
  hub = await startHub();
});
afterAll(() => hub?.close());

/** No English words of zod's own (Too big, expected, Invalid …) anywhere in a message. */
const ENGLISH = /[A-Za-z]{4,}/;

async function refusal(run: Promise<unknown>): Promise<{ message: string; data: Record<string, unknown> }> {
  const error = await run.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const failure = error as TRPCClientError<never>;
  return { message: failure.message, data: failure.data as unknown as Record<string, unknown> };
}

describe('Chinese input errors', () => {
  it('/api/v1 says what is wrong with which field, in Chinese, with a reason', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const response = await fetch(`${hub.url}/api/v1/timers/${created.id}/commands`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.controlKey}` },
      body: JSON.stringify({ type: 'adjust', deltaMs: 99_999_999_999 }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: {
        reason: string;
        message: string;
        field: string;
        issues: { field: string; reason: string; message: string }[];
      };
    };
    expect(error.reason).toBe('invalid-input');
    expect(error.field).toBe('deltaMs');
    expect(error.message).toBe('请求无效：deltaMs：不能大于 86,400,000');
    expect(error.issues).toEqual([{ field: 'deltaMs', reason: 'too_big', message: '不能大于 86,400,000' }]);

    const bad = await fetch(`${hub.url}/api/v1/timers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 5, private: 'yes' }),
    });
    const body = (await bad.json()) as {
      error: { message: string; issues: { field: string; reason: string; message: string }[] };
    };
    expect(bad.status).toBe(400);
    expect(body.error.issues.map((issue) => [issue.field, issue.reason])).toEqual([
      ['name', 'invalid_type'],
      ['private', 'invalid_type'],
    ]);
    for (const issue of body.error.issues) expect(issue.message).not.toMatch(ENGLISH);
    expect(body.error.message).toBe('请求无效：name：类型不对：应为文本');
  });

  it('tRPC over HTTP and over the socket answers a refused input in Chinese with reason and field', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    // A command the schema refuses.
    const command = await refusal(
      owner.timer.command.mutate({
        timerId: created.id,
        command: { type: 'adjust', deltaMs: 99_999_999_999 },
      }),
    );
    expect(command.message).toBe('请求无效：command.deltaMs：不能大于 86,400,000');
    expect(command.data).toMatchObject({
      code: 'BAD_REQUEST',
      reason: 'invalid-input',
      field: 'command.deltaMs',
      issues: [{ field: 'command.deltaMs', reason: 'too_big' }],
    });
    // An empty name on the info page.
    const info = await refusal(
      owner.manage.updateInfo.mutate({ timerId: created.id, name: '   ', description: '' }),
    );
    expect(info.message).toBe('请求无效：name：名称不能为空');
    expect(info.data).toMatchObject({
      reason: 'invalid-input',
      field: 'name',
      issues: [{ field: 'name', reason: 'too_small', message: '名称不能为空' }],
    });

    const socket = wsClient(hub.wsUrl, { controlKey: created.controlKey });
    try {
      const overSocket = await refusal(
        socket.client.timer.command.mutate({
          timerId: created.id,
          command: { type: 'goto', stageIndex: -1 },
        }),
      );
      expect(overSocket.message).toBe('请求无效：command.stageIndex：不能小于 0');
      expect(overSocket.data).toMatchObject({ reason: 'invalid-input', field: 'command.stageIndex' });
    } finally {
      socket.close();
    }
  });

  it('a settings section names every offending field with its own Chinese message', async () => {
    const created = await httpClient(hub.url).timer.create.mutate({ formatId: 'cn-worldcup' });
    const owner = httpClient(hub.url, { authorization: `Bearer ${created.controlKey}` });
    const team = (name: string, debaters: string[]) => ({ name, school: '', debaters });
    const refused = await refusal(
      owner.manage.updateSettings.mutate({
        timerId: created.id,
        section: 'teams',
        value: {
          aff: team('甲'.repeat(81), []),
          neg: team('乙', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']),
        },
      }),
    );
    expect(refused.data).toMatchObject({ reason: 'settings-invalid', field: 'aff.name' });
    expect(refused.data.issues).toEqual([
      { field: 'aff.name', reason: 'too_big', message: '最多 80 个字符' },
      { field: 'neg.debaters', reason: 'too_big', message: '最多 8 位辩手' },
    ]);
    expect(refused.message).toBe('队伍设置无效：aff.name：最多 80 个字符');
  });
});
