import { describe, expect, it, vi } from 'vitest';
import { checkForUpdate } from './check-for-update';

function respond(status: number, body: unknown) {
  return vi.fn(async (_url: string) => ({
    ok: status >= 200 && status < 300,
    status,
    json: async () => body,
  }));
}

describe('checkForUpdate', () => {
  it('asks for latest.json with a timestamp query', async () => {
    const fetchFn = respond(200, { id: 'a', timestamp: 1 });
    await checkForUpdate('a', fetchFn, 1234);
    expect(fetchFn).toHaveBeenCalledWith('/builds/latest.json?t=1234', expect.anything());
  });

  it('reports a newer build when the id differs', async () => {
    expect(await checkForUpdate('a', respond(200, { id: 'b', timestamp: 99 }), 1)).toEqual({
      kind: 'update',
      id: 'b',
      timestamp: 99,
    });
  });

  it('reports current when the id matches', async () => {
    expect(await checkForUpdate('a', respond(200, { id: 'a', timestamp: 1 }), 1)).toEqual({
      kind: 'current',
    });
  });

  it.each([404, 403, 500])('ignores HTTP %i silently', async (status) => {
    expect(await checkForUpdate('a', respond(status, {}), 1)).toEqual({ kind: 'unknown' });
  });

  it('ignores garbage, network failures and the dev build', async () => {
    expect(await checkForUpdate('a', respond(200, { nope: true }), 1)).toEqual({ kind: 'unknown' });
    expect(
      await checkForUpdate(
        'a',
        vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
        1,
      ),
    ).toEqual({ kind: 'unknown' });
    const fetchFn = respond(200, { id: 'b' });
    expect(await checkForUpdate('dev', fetchFn, 1)).toEqual({ kind: 'unknown' });
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
