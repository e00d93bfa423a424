import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addsContent, deletesSomething } from './update-facts';

/** A hub copy and a client that synced with it, the text `抢先一步` in both. */
function synced() {
  const hub = new Y.Doc();
  hub.getText('t').insert(0, '抢先一步');
  const client = new Y.Doc();
  Y.applyUpdate(client, Y.encodeStateAsUpdate(hub));
  return { hub, client };
}

describe('what an update would change', () => {
  it('sees nothing new in a sync step 2 that only repeats what the hub has, deletions included', () => {
    const { hub, client } = synced();
    hub.getText('t').delete(0, 2);
    Y.applyUpdate(client, Y.encodeStateAsUpdate(hub));
    const step2 = Y.encodeStateAsUpdate(client, Y.encodeStateVector(hub));
    expect(Y.decodeUpdate(step2).ds.clients.size).toBe(1);
    expect(addsContent(hub, step2)).toBe(false);
    expect(deletesSomething(hub, step2)).toBe(false);
  });

  it('sees a deletion of text the hub still has', () => {
    const { hub, client } = synced();
    const before = Y.encodeStateVector(client);
    client.getText('t').delete(1, 1);
    const update = Y.encodeStateAsUpdate(client, before);
    expect(addsContent(hub, update)).toBe(false);
    expect(deletesSomething(hub, update)).toBe(true);
  });

  it('sees new text, and ignores deletions of items the hub never had', () => {
    const { hub, client } = synced();
    const before = Y.encodeStateVector(client);
    client.getText('t').insert(0, '新');
    client.getText('t').delete(0, 1);
    const update = Y.encodeStateAsUpdate(client, before);
    expect(addsContent(hub, update)).toBe(true);
    expect(deletesSomething(hub, update)).toBe(false);
  });
});
