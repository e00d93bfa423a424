import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';

/** A workbench project links to a topic of the library (辩题库); a topic that does not exist is refused. */
describe('workbench projects and library topics', () => {
  let hub: TestHub;
  let owner: TestAccount;

  beforeAll(async () => {
    hub = await startHub();
    owner = await createAccount(hub, 'topic');
  }, 120_000);

  afterAll(async () => {
    await hub?.close();
  });

  it('links a project to a library topic found by search, and unlinks it', async () => {
    const [topic] = await owner.client.library.topics.search.query({ q: '道德', limit: 1 });
    expect(topic).toBeDefined();
    const { projectId } = await owner.client.workbench.create.mutate({ kind: 'workbench', name: '辩题关联' });
    await owner.client.workbench.update.mutate({ projectId, topicId: topic!.id, motion: topic!.text });
    const detail = await owner.client.workbench.get.query({ projectId });
    expect(detail.project).toMatchObject({ topicId: topic!.id, motion: topic!.text });
    const linked = await owner.client.library.topics.get.query({ id: detail.project.topicId! });
    expect(linked).toMatchObject({ id: topic!.id, groupId: topic!.groupId });

    expect(
      await outcome(owner.client.workbench.update.mutate({ projectId, topicId: 'no-such-topic' })),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND', message: '找不到这个辩题' });
    expect(
      await outcome(
        owner.client.workbench.create.mutate({ kind: 'workbench', name: '错', topicId: 'no-such-topic' }),
      ),
    ).toMatchObject({ ok: false, code: 'NOT_FOUND' });

    await owner.client.workbench.update.mutate({ projectId, topicId: null });
    expect((await owner.client.workbench.get.query({ projectId })).project.topicId).toBeNull();
  });
});
