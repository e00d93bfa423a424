/**
 * Yjs documents (issue 16): 50 editors on one document, on the hub (`/api/yjs/<doc>`: access
 * checks, every update stored before it is relayed) and on a bare `@y/websocket-server` 0.1.1 in
 * the same run. Each editor is a real `WebsocketProvider` in this process.
 *
 * - Update latency: each edit writes its send instant into a shared map; every other editor
 *   records arrival − send when the change reaches it (same process, same clock).
 * - Memory per open document: server RSS after a full GC, with `memoryDocs` documents open
 *   (one editor each, a few KB of text), minus RSS before, divided by the documents.
 */
import { fileURLToPath } from 'node:url';
import { YJS_PATH } from '@bianshi/shared';
import WebSocket from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { signUpOver } from '../../tests/support/yjs';
import { startHub } from '../support/hub';
import { progress } from '../support/log';
import { startServerProcess, type ServerProcess } from '../support/server-process';
import { distribution, round1, type Distribution } from '../support/stats';

export interface YjsOptions {
  editors: number;
  editsPerEditor: number;
  /** Each editor edits this often (editors are staggered across the interval). */
  intervalMs: number;
  memoryDocs: number;
}

export interface YjsServerFigures {
  updateLatencyMs: Distribution;
  /** Samples expected (edits × other editors) and received. */
  expected: number;
  /** RSS per open document (one editor each), KiB; RSS after GC is noisy (it may shrink). */
  memoryPerDocKiB: number;
  /** JS heap + external memory per open document, KiB: steadier than RSS. */
  heapPerDocKiB: number;
}

export interface YjsFigures {
  editors: number;
  editsPerEditor: number;
  intervalMs: number;
  memoryDocs: number;
  hub: YjsServerFigures;
  baseline: YjsServerFigures;
  /** hub p99 ÷ baseline p99. */
  p99Ratio: number;
}

interface Target {
  server: ServerProcess;
  /** ws://… of the document endpoint (the document id follows). */
  base: string;
  /** A fresh document id the editors may open. */
  newDocument(): Promise<string>;
  headers: Record<string, string>;
}

function provider(target: Target, documentId: string): { doc: Y.Doc; provider: WebsocketProvider } {
  const headers = target.headers;
  class HeaderSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const doc = new Y.Doc();
  const p = new WebsocketProvider(target.base, documentId, doc, {
    WebSocketPolyfill: HeaderSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    maxBackoffTime: 500,
  });
  return { doc, provider: p };
}

const synced = (p: WebsocketProvider) =>
  new Promise<void>((resolve) => (p.synced ? resolve() : p.once('sync', () => resolve())));

async function measure(target: Target, options: YjsOptions): Promise<YjsServerFigures> {
  // Every WebsocketProvider in Node listens for the process's exit.
  process.setMaxListeners(Math.max(process.getMaxListeners(), options.editors + options.memoryDocs + 20));
  const documentId = await target.newDocument();
  const editors = Array.from({ length: options.editors }, () => provider(target, documentId));
  await Promise.all(editors.map((e) => synced(e.provider)));
  const samples: number[] = [];
  editors.forEach(({ doc, provider: p }) => {
    doc.getMap<number>('sent').observe((event) => {
      if (event.transaction.origin !== p) return;
      const now = performance.timeOrigin + performance.now();
      for (const key of event.keysChanged) samples.push(now - (event.target.get(key) ?? now));
    });
  });
  const expected = options.editors * options.editsPerEditor * (options.editors - 1);
  progress(`yjs: ${options.editors} editors × ${options.editsPerEditor} edits on ${target.server.name}`);
  await Promise.all(
    editors.map(async ({ doc }, index) => {
      await new Promise((resolve) => setTimeout(resolve, (index * options.intervalMs) / options.editors));
      for (let seq = 0; seq < options.editsPerEditor; seq++) {
        doc.transact(() => {
          const text = doc.getText('t');
          text.insert(Math.min(text.length, index * 3), `编辑${index}-${seq} `);
          doc.getMap<number>('sent').set(`${index}:${seq}`, performance.timeOrigin + performance.now());
        });
        await new Promise((resolve) => setTimeout(resolve, options.intervalMs));
      }
    }),
  );
  const deadline = Date.now() + 30_000;
  while (samples.length < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const e of editors) {
    e.provider.destroy();
    e.doc.destroy();
  }

  // Memory: documents with one editor each.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = await target.server.sample(true);
  const open: { doc: Y.Doc; provider: WebsocketProvider }[] = [];
  for (let i = 0; i < options.memoryDocs; i++) {
    const one = provider(target, await target.newDocument());
    await synced(one.provider);
    one.doc.getText('t').insert(0, '立论稿：'.repeat(500));
    open.push(one);
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = await target.server.sample(true);
  for (const e of open) {
    e.provider.destroy();
    e.doc.destroy();
  }
  return {
    updateLatencyMs: distribution(samples),
    expected,
    memoryPerDocKiB: round1((after.rssBytes - before.rssBytes) / options.memoryDocs / 1024),
    heapPerDocKiB: round1(
      (after.heapUsedBytes + after.externalBytes - before.heapUsedBytes - before.externalBytes) /
        options.memoryDocs /
        1024,
    ),
  };
}

/** Runs the scenario on the hub, then on the baseline, and stops both. */
export async function runYjs(options: YjsOptions): Promise<YjsFigures> {
  // A loaded machine may take a while to open the in-memory database.
  const hub = await startHub({ startTimeoutMs: 120_000 });
  let hubFigures: YjsServerFigures;
  try {
    const account = await signUpOver(hub.url, 'bench');
    const { projectId } = await account.client.workbench.create.mutate({
      kind: 'workbench',
      name: '性能测试',
    });
    let spare: string[] = [];
    hubFigures = await measure(
      {
        server: hub,
        base: hub.url.replace('http', 'ws') + YJS_PATH,
        headers: { origin: hub.url, cookie: account.cookie },
        async newDocument() {
          if (spare.length === 0)
            spare = [
              (
                await account.client.workbench.createDocument.mutate({
                  projectId,
                  kind: 'text',
                  title: '测试',
                })
              ).id,
            ];
          return spare.pop()!;
        },
      },
      options,
    );
  } finally {
    await hub.stop();
  }
  const baseline = await startServerProcess({
    name: 'y-websocket-server',
    entry: fileURLToPath(new URL('../baselines/y-websocket-server.ts', import.meta.url)),
    startTimeoutMs: 120_000,
  });
  let baselineFigures: YjsServerFigures;
  try {
    let counter = 0;
    baselineFigures = await measure(
      {
        server: baseline,
        base: baseline.url.replace('http', 'ws'),
        headers: {},
        newDocument: async () => `doc-${counter++}`,
      },
      options,
    );
  } finally {
    await baseline.stop();
  }
  return {
    ...options,
    hub: hubFigures,
    baseline: baselineFigures,
    p99Ratio: Math.round((hubFigures.updateLatencyMs.p99 / baselineFigures.updateLatencyMs.p99) * 100) / 100,
  };
}
