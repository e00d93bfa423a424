/**
 * Request/response over a Node IPC channel, for the bench's child processes (load generator,
 * baseline servers, the hub's probe). A request is `{ requestId, body }`; the answer is
 * `{ requestId, ok, result | error }`.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';

interface Request {
  requestId: number;
  body: unknown;
}

type Reply =
  { requestId: number; ok: true; result: unknown } | { requestId: number; ok: false; error: string };

/** Every child this bench started, so a crash, a timeout or Ctrl-C never leaves one running. */
const running = new Set<ChildProcess>();

/** Kills every child still running (SIGKILL: this is the emergency path). */
export function killAllChildren(): void {
  for (const child of running)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/** A child process the bench talks to over IPC. */
export class IpcChild {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  readonly exited: Promise<number | null>;

  constructor(
    readonly process: ChildProcess,
    readonly name: string,
  ) {
    running.add(process);
    process.on('message', (message: Reply) => {
      const waiter = this.pending.get(message.requestId);
      if (!waiter) return;
      this.pending.delete(message.requestId);
      if (message.ok) waiter.resolve(message.result);
      else waiter.reject(new Error(`${name}: ${message.error}`));
    });
    this.exited = new Promise((resolve) => {
      process.once('exit', (code) => {
        running.delete(process);
        for (const waiter of this.pending.values()) waiter.reject(new Error(`${name} exited (${code})`));
        this.pending.clear();
        resolve(code);
      });
    });
  }

  get pid(): number {
    return this.process.pid ?? -1;
  }

  /** Sends a request and resolves with the child's answer. */
  request<T>(body: unknown, timeoutMs: number): Promise<T> {
    const requestId = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(requestId);
        reject(
          new Error(`${this.name}: no answer within ${timeoutMs} ms to ${JSON.stringify(body).slice(0, 80)}`),
        );
      }, timeoutMs);
      this.pending.set(requestId, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      this.process.send({ requestId, body } satisfies Request);
    });
  }

  /** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    this.process.kill('SIGTERM');
    const timer = setTimeout(() => this.process.kill('SIGKILL'), graceMs);
    await this.exited;
    clearTimeout(timer);
  }
}

/** Starts a TypeScript child under tsx with an IPC channel; its stdout and stderr go to our stderr. */
export function spawnTsChild(
  file: string,
  name: string,
  args: string[] = [],
  env: NodeJS.ProcessEnv = {},
): IpcChild {
  return spawnChild(['--import', 'tsx', file, ...args], name, env);
}

/** Starts `node <argv>` with an IPC channel; its stdout and stderr go to our stderr. */
export function spawnChild(
  argv: string[],
  name: string,
  env: NodeJS.ProcessEnv = {},
  stdio: StdioOptions = ['ignore', 2, 2, 'ipc'],
): IpcChild {
  const child = spawn(process.execPath, argv, { env: { ...process.env, ...env }, stdio });
  return new IpcChild(child, name);
}

/**
 * Child side: answers requests with `handle`, and exits when the parent goes away, so no child
 * outlives a bench that crashed.
 */
export function serveRequests(handle: (body: unknown) => Promise<unknown> | unknown): void {
  if (!process.send) throw new Error('serveRequests needs an IPC channel (spawn with stdio "ipc")');
  process.on('message', (message: Request) => {
    Promise.resolve()
      .then(() => handle(message.body))
      .then(
        (result) => process.send?.({ requestId: message.requestId, ok: true, result } satisfies Reply),
        (error: unknown) =>
          process.send?.({
            requestId: message.requestId,
            ok: false,
            error: error instanceof Error ? (error.stack ?? error.message) : String(error),
          } satisfies Reply),
      );
  });
  process.on('disconnect', () => process.exit(0));
}
