/** Facts about the machine and processes, from Node and /proc. */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ on Linux. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The soft limit on open files of this process. */
export function openFileLimit(): number | null {
  try {
    const match = readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+|unlimited)/m);
    return match?.[1] === undefined || match[1] === 'unlimited' ? null : Number(match[1]);
  } catch {
    return null;
  }
}

/** What the figures were measured on. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    openFileLimit: openFileLimit(),
    /** 1, 5 and 15 minute load averages when the run started: other work on the machine skews every figure. */
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
