import type { FlowBox } from '@bianshi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, outcome, type TestAccount } from '../support/accounts';
import { startHub, type TestHub } from '../support/hub';
import { until, untilTrue } from '../support/until';
import { openDoc } from '../support/yjs';

/**
 * A judge's flow stays the judge's own until the match it follows finishes; then the judge
 * may attach a copy to the match record, where whoever sees the record sees the flow.
 */
describe('judge flows on match records', () => {
  let hub: TestHub;
  let host: TestAccount;
  let judge: TestAccount;

  beforeAll(async () => {
    hub = await startHub();
    [host, judge] = await Promise.all([createAccount(hub, 'host'), createAccount(hub, 'judge')]);
  }, 120_000);

  afterAll(async () => {
    await hub?.close();
  });

  it('is private until the match ends, then attachable to the record and shown there', async () => {
    const timer = await host.client.timer.create.mutate({ formatId: 'cn-classic' });
    const { projectId } = await judge.client.workbench.create.mutate({
      kind: 'flow',
      name: '决赛 裁判流程单',
      mode: 'judge',
      timerId: timer.id,
    });
    const detail = await judge.client.workbench.get.query({ projectId });
    expect(detail.attachedAt).toBeNull();
    const documentId = detail.documents[0]!.id;

    // The judge flows with a real provider.
    const sheet = openDoc(hub.url, documentId, { cookie: judge.cookie });
    await sheet.synced();
    const columns = sheet.doc.getArray<{ id: string; title: string }>('columns').toArray();
    expect(columns.length).toBeGreaterThan(2);
    const box: FlowBox = {
      id: 'b1',
      columnId: columns[0]!.id,
      row: 0,
      text: '人工智能提高教学效率',
      answers: null,
      mark: 'none',
      crossApply: [],
    };
    sheet.doc.getMap<FlowBox>('boxes').set(box.id, box);
    const witness = openDoc(hub.url, documentId, { cookie: judge.cookie });
    await witness.synced();
    await untilTrue(() => witness.doc.getMap('boxes').has('b1'));
    witness.close();

    // Not before the match ends, and nobody else may.
    expect(await outcome(judge.client.workbench.attachFlow.mutate({ projectId }))).toMatchObject({
      ok: false,
      code: 'CONFLICT',
      message: '比赛结束后才能把流程单附到比赛记录。',
    });
    expect(await outcome(host.client.workbench.get.query({ projectId }))).toMatchObject({
      ok: false,
      message: '裁判流程单在比赛结束前只有裁判本人可见。',
    });
    expect(await host.client.library.records.flows.query({ matchId: timer.matchId })).toEqual([]);

    await host.client.timer.command.mutate({ timerId: timer.id, command: { type: 'next' } });
    await host.client.timer.command.mutate({ timerId: timer.id, command: { type: 'start' } });
    await host.client.timer.command.mutate({ timerId: timer.id, command: { type: 'finish' } });

    expect(await outcome(host.client.workbench.attachFlow.mutate({ projectId }))).toMatchObject({
      ok: false,
      code: 'FORBIDDEN',
    });
    const attached = await judge.client.workbench.attachFlow.mutate({ projectId });
    expect(attached.matchId).toBe(timer.matchId);
    expect((await judge.client.workbench.get.query({ projectId })).attachedAt).not.toBeNull();

    const flows = await host.client.library.records.flows.query({ matchId: timer.matchId });
    expect(flows).toHaveLength(1);
    expect(flows[0]).toMatchObject({ projectId, title: '决赛 裁判流程单' });
    expect(flows[0]!.judgeName).toMatch(/^judge/);
    expect(flows[0]!.columns.map((c) => c.title)).toEqual(columns.map((c) => c.title));
    expect(flows[0]!.boxes).toEqual([box]);

    // Attaching again refreshes the copy; detaching takes it off the record.
    sheet.doc.getMap<FlowBox>('boxes').set(box.id, { ...box, text: '改过的论点' });
    // The edit reaches the hub's copy of the sheet in its own time: attach until the copy carries it.
    const attachAndRead = async () => {
      await judge.client.workbench.attachFlow.mutate({ projectId });
      const [flow] = await host.client.library.records.flows.query({ matchId: timer.matchId });
      return flow ?? null;
    };
    const refreshed = await until(attachAndRead, (flow) => flow?.boxes[0]?.text === '改过的论点', 10_000);
    expect(refreshed).not.toBeNull();
    sheet.close();
    await judge.client.workbench.detachFlow.mutate({ projectId });
    expect(await host.client.library.records.flows.query({ matchId: timer.matchId })).toEqual([]);
  }, 120_000);

  it('refuses a flow that follows no match', async () => {
    const { projectId } = await judge.client.workbench.create.mutate({
      kind: 'flow',
      name: '练习',
      mode: 'judge',
    });
    expect(await outcome(judge.client.workbench.attachFlow.mutate({ projectId }))).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
      message: '只有绑定了比赛的流程单可以附到比赛记录。',
    });
  });
});
