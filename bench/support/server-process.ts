/**
 * A server under measurement (the hub, or a baseline) in its own process, with the bench's
 * probe preloaded so we can ask it for memory and CPU samples. RSS is also read from
 * /proc/<pid>/status, the figure the target is about.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { spawnChild, type IpcChild } from './ipc';
import { within } from './log';

const probeUrl = pathToFileURL(fileURLToPath(new URL('./process-probe.mjs', import.meta.url))).href;

/** What the probe reports. */
export interface ProcessSample {
  rssBytes: number;
  heapUsedBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  /** User + system CPU time since the process started. */
  cpuUs: number;
  eventLoop: { idle: number; active: number; utilization: number };
}

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** Resident set size from /proc/<pid>/status (VmRSS), in bytes. */
  rssBytes(): number;
  /** Asks the probe for a sample, after two full GCs when `gc` is set. */
  sample(gc: boolean): Promise<ProcessSample>;
  stop(): Promise<void>;
}

export interface ServerLaunch {
  name: string;
  /** Entry file (.js runs as is, .ts runs under tsx). */
  entry: string;
  env?: NodeJS.ProcessEnv;
  /** Extra node flags, e.g. `--cpu-prof` for a diagnosis. */
  nodeArgs?: string[];
  startTimeoutMs?: number;
}

/**
 * Starts a server whose stdout announces `http://host:port` once it listens; everything it
 * prints afterwards goes to our stderr so stdout stays one JSON object.
 */
export async function startServerProcess(launch: ServerLaunch): Promise<ServerProcess> {
  const argv = [
    ...(launch.nodeArgs ?? []),
    '--expose-gc',
    '--import',
    probeUrl,
    ...(launch.entry.endsWith('.ts') ? ['--import', 'tsx'] : []),
    launch.entry,
  ];
  const child: IpcChild = spawnChild(argv, launch.name, launch.env ?? {}, ['ignore', 'pipe', 2, 'ipc']);
  const stdout = child.process.stdout;
  if (!stdout) throw new Error(`${launch.name}: no stdout`);
  const port = await within(
    new Promise<number>((resolve, reject) => {
      let seen = '';
      const onData = (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        const match = seen.match(/https?:\/\/[^\s:/]+:(\d+)/);
        if (match) {
          stdout.off('data', onData);
          stdout.pipe(process.stderr);
          resolve(Number(match[1]));
        }
      };
      stdout.on('data', onData);
      void child.exited.then((code) =>
        reject(new Error(`${launch.name} exited (${code}) before listening; output: ${seen.slice(0, 500)}`)),
      );
    }),
    launch.startTimeoutMs ?? 30_000,
    `${launch.name} start`,
  );
  return {
    name: launch.name,
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    rssBytes: () => vmRssBytes(child.pid),
    sample: (gc) => child.request<ProcessSample>({ type: 'sample', gc }, 30_000),
    stop: () => child.stop(),
  };
}

/** VmRSS of a process in bytes, from /proc. */
export function vmRssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = status.match(/^VmRSS:\s+(\d+)\s+kB$/m);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}
