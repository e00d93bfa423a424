import { commentsDocumentId, type CommentReply, type DocComment } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { createAccount, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { untilTrue } from '../support/until';
import { docClients, joinProject } from '../support/yjs';

/**
 * Comments on a rich-text document live in its comments document (`<id>-comments`): the hub
 * takes a commenter's updates there and refuses them on the text. Real `WebsocketProvider`s.
 */
describe('comments on workbench documents', () => {
  let hub: TestHub;
  let owner: TestAccount;
  let commenter: TestAccount;
  let viewer: TestAccount;
  let projectId: string;
  let documentId: string;
  const { open, closeAll } = docClients();
  const comment = (
    doc: Y.Doc,
    text: string,
    from: Y.RelativePosition,
    to: Y.RelativePosition,
    authorId: string,
  ): DocComment => {
    const value: DocComment = {
      id: `c${Math.random().toString(36).slice(2, 10)}`,
      anchor: { from: Y.relativePositionToJSON(from), to: Y.relativePositionToJSON(to) },
      quote: '',
      text,
      authorId,
      authorName: '评论者',
      color: '#0a0',
      createdAt: Date.now(),
      resolved: false,
    };
    doc.getMap<DocComment>('comments').set(value.id, value);
    return value;
  };

  beforeAll(async () => {
    hub = await startHub();
    [owner, commenter, viewer] = await Promise.all([
      createAccount(hub, 'owner'),
      createAccount(hub, 'commenter'),
      createAccount(hub, 'viewer'),
    ]);
    ({ projectId } = await owner.client.workbench.create.mutate({ kind: 'workbench', name: '评论测试' }));
    const detail = await owner.client.workbench.get.query({ projectId });
    documentId = detail.documents.find((d) => d.kind === 'text')!.id;
    await joinProject(owner, projectId, [
      [commenter, 'commenter'],
      [viewer, 'viewer'],
    ]);
  }, 120_000);

  afterAll(async () => {
    closeAll();
    await hub?.close();
  });

  it('takes a commenter’s comment, anchored to the owner’s text, and refuses the commenter’s text edit', async () => {
    const ownerText = open(hub.url, documentId, { cookie: owner.cookie });
    const commenterText = open(hub.url, documentId, { cookie: commenter.cookie });
    await Promise.all([ownerText.synced(), commenterText.synced()]);
    const paragraph = new Y.XmlElement('paragraph');
    const words = new Y.XmlText('人工智能会取代教师');
    paragraph.insert(0, [words]);
    ownerText.doc.getXmlFragment('default').insert(0, [paragraph]);
    await untilTrue(() => commenterText.doc.getXmlFragment('default').toString().includes('取代教师'));

    // The commenter anchors a comment to 「取代教师」 in its copy of the text.
    const seen = commenterText.doc.getXmlFragment('default').get(0) as Y.XmlElement;
    const text = seen.get(0) as Y.XmlText;
    const from = Y.createRelativePositionFromTypeIndex(text, 5);
    const to = Y.createRelativePositionFromTypeIndex(text, 9);
    const ownerComments = open(hub.url, commentsDocumentId(documentId), { cookie: owner.cookie });
    const commenterComments = open(hub.url, commentsDocumentId(documentId), { cookie: commenter.cookie });
    await Promise.all([ownerComments.synced(), commenterComments.synced()]);
    const made = comment(commenterComments.doc, '这里需要数据支撑', from, to, commenter.id);

    await untilTrue(() => ownerComments.doc.getMap('comments').has(made.id));
    expect(commenterComments.notices).toEqual([]);
    const arrived = ownerComments.doc.getMap<DocComment>('comments').get(made.id)!;
    // The anchor resolves in the owner's copy of the text to the same words.
    const start = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(arrived.anchor.from),
      ownerText.doc,
    )!;
    const end = Y.createAbsolutePositionFromRelativePosition(
      Y.createRelativePositionFromJSON(arrived.anchor.to),
      ownerText.doc,
    )!;
    expect((start.type as Y.XmlText).toString().slice(start.index, end.index)).toBe('取代教师');

    // Resolving is a comment update too: the commenter may.
    commenterComments.doc.getMap<DocComment>('comments').set(made.id, { ...made, resolved: true });
    await untilTrue(() => ownerComments.doc.getMap<DocComment>('comments').get(made.id)?.resolved === true);

    // Its text edit is refused and never reaches anyone.
    text.insert(0, '偷改');
    await untilTrue(() => commenterText.notices.some((n) => n.code === 'read-only'));
    const late = open(hub.url, documentId, { cookie: owner.cookie });
    await late.synced();
    expect(late.doc.getXmlFragment('default').toString()).not.toContain('偷改');

    // A later reader gets the stored comments.
    const lateComments = open(hub.url, commentsDocumentId(documentId), { cookie: viewer.cookie });
    await lateComments.synced();
    expect(lateComments.doc.getMap<DocComment>('comments').get(made.id)).toMatchObject({
      text: '这里需要数据支撑',
      resolved: true,
    });
  });

  it('refuses a viewer’s comment and an owner may delete one', async () => {
    const ownerComments = open(hub.url, commentsDocumentId(documentId), { cookie: owner.cookie });
    const viewerComments = open(hub.url, commentsDocumentId(documentId), { cookie: viewer.cookie });
    await Promise.all([ownerComments.synced(), viewerComments.synced()]);
    const fragment = new Y.Doc().getXmlFragment('default');
    const nowhere = Y.createRelativePositionFromTypeIndex(fragment, 0);
    const refused = comment(viewerComments.doc, '查看者的评论', nowhere, nowhere, viewer.id);
    await untilTrue(() => viewerComments.notices.some((n) => n.code === 'read-only'));
    const fresh = open(hub.url, commentsDocumentId(documentId), { cookie: owner.cookie });
    await fresh.synced();
    expect(fresh.doc.getMap('comments').has(refused.id)).toBe(false);

    const own = comment(ownerComments.doc, '所有者的评论', nowhere, nowhere, owner.id);
    await untilTrue(() => fresh.doc.getMap('comments').has(own.id));
    ownerComments.doc.getMap('comments').delete(own.id);
    await untilTrue(() => !fresh.doc.getMap('comments').has(own.id));
  });

  it('lets a commenter write only in its own name, resolve anyone’s comment, and delete only its own words', async () => {
    const ownerComments = open(hub.url, commentsDocumentId(documentId), { cookie: owner.cookie });
    const reader = open(hub.url, commentsDocumentId(documentId), { cookie: viewer.cookie });
    await Promise.all([ownerComments.synced(), reader.synced()]);
    const nowhere = Y.createRelativePositionFromTypeIndex(new Y.Doc().getXmlFragment('default'), 0);
    const owners = comment(ownerComments.doc, '所有者的观点', nowhere, nowhere, owner.id);
    await untilTrue(() => reader.doc.getMap('comments').has(owners.id));

    /** One refused change, each on a socket of its own: the refused update stays only in that copy. */
    const refused = async (change: (doc: Y.Doc) => void) => {
      const session = open(hub.url, commentsDocumentId(documentId), { cookie: commenter.cookie });
      await session.synced();
      change(session.doc);
      await untilTrue(() => session.notices.some((n) => n.code === 'not-your-comment'));
      expect(session.notices.find((n) => n.code === 'not-your-comment')!.message).toContain(
        '只能以自己的名义评论',
      );
    };
    await refused((doc) => doc.getMap('comments').delete(owners.id));
    await refused((doc) =>
      doc.getMap<DocComment>('comments').set(owners.id, { ...owners, text: '改过的话' }),
    );
    await refused((doc) => comment(doc, '冒名的评论', nowhere, nowhere, owner.id));
    const fresh = open(hub.url, commentsDocumentId(documentId), { cookie: viewer.cookie });
    await fresh.synced();
    expect(fresh.doc.getMap('comments').get(owners.id)).toEqual(owners);

    // Resolving anyone's comment and writing its own are the commenter's to do.
    const mine = open(hub.url, commentsDocumentId(documentId), { cookie: commenter.cookie });
    await mine.synced();
    mine.doc.getMap<DocComment>('comments').set(owners.id, { ...owners, resolved: true });
    const own = comment(mine.doc, '我的评论', nowhere, nowhere, commenter.id);
    await untilTrue(
      () =>
        reader.doc.getMap<DocComment>('comments').get(owners.id)?.resolved === true &&
        reader.doc.getMap('comments').has(own.id),
    );
    const answer: CommentReply = {
      id: 'r-owner',
      commentId: own.id,
      text: '所有者的回复',
      authorId: owner.id,
      authorName: '所有者',
      color: '#00a',
      createdAt: Date.now(),
    };
    ownerComments.doc.getMap<CommentReply>('replies').set(answer.id, answer);
    await untilTrue(() => mine.doc.getMap('replies').has(answer.id));
    // The owner's reply alone is not the commenter's to delete; with the commenter's own comment it goes.
    await refused((doc) => doc.getMap('replies').delete(answer.id));
    mine.doc.transact(() => {
      mine.doc.getMap('comments').delete(own.id);
      mine.doc.getMap('replies').delete(answer.id);
    });
    await untilTrue(
      () => !reader.doc.getMap('comments').has(own.id) && !reader.doc.getMap('replies').has(answer.id),
    );
    expect(mine.notices).toEqual([]);
  });

  it('keeps comments documents out of the project’s list, refuses ids of no text document, and deletes them with their text', async () => {
    const detail = await owner.client.workbench.get.query({ projectId });
    expect(detail.documents.map((d) => d.kind).sort()).toEqual(['cards', 'qa', 'text']);
    const cards = detail.documents.find((d) => d.kind === 'cards')!.id;
    await expect(
      hub.services.yjs.workbench.documentAccess(commentsDocumentId(cards), { userId: owner.id }),
    ).rejects.toThrow(/找不到这个文档/);
    await owner.client.workbench.deleteDocument.mutate({ documentId });
    await expect(
      hub.services.yjs.workbench.documentAccess(commentsDocumentId(documentId), { userId: owner.id }),
    ).rejects.toThrow(/找不到这个文档/);
  });
});
