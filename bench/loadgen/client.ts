/** The bench's side of the load generator: starts the process and sends it typed requests. */
import { fileURLToPath } from 'node:url';
import { spawnTsChild, type IpcChild } from '../support/ipc';
import type { BurstResult, FanoutResult, LoadRequest, OpenResult } from './protocol';

const entry = fileURLToPath(new URL('./loadgen.ts', import.meta.url));

/** A running load generator process. */
export class LoadGenerator {
  private constructor(private readonly child: IpcChild) {}

  static start(): LoadGenerator {
    return new LoadGenerator(spawnTsChild(entry, 'loadgen'));
  }

  get pid(): number {
    return this.child.pid;
  }

  open(request: Omit<Extract<LoadRequest, { type: 'open' }>, 'type'>): Promise<OpenResult> {
    return this.child.request({ type: 'open', ...request }, request.timeoutMs + 30_000);
  }

  fanout(request: Omit<Extract<LoadRequest, { type: 'fanout' }>, 'type'>): Promise<FanoutResult> {
    const budgetMs = request.commands * (request.intervalMs + request.settleTimeoutMs) + 30_000;
    return this.child.request({ type: 'fanout', ...request }, budgetMs);
  }

  burst(request: Omit<Extract<LoadRequest, { type: 'burst' }>, 'type'>): Promise<BurstResult> {
    return this.child.request({ type: 'burst', ...request }, request.timeoutMs + 30_000);
  }

  /** Closes a group, or only its subscribers beyond the first `keep`. */
  close(group: string, keep?: number): Promise<{ size: number }> {
    return this.child.request({ type: 'close', group, ...(keep ? { keep } : {}) }, 60_000);
  }

  stop(): Promise<void> {
    return this.child.stop();
  }
}
