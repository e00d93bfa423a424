/** CPU pressure (Linux PSI): the share of time some runnable task waited for a CPU. */
import { readFileSync } from 'node:fs';

/** `some` averages over 10 and 60 s, in percent; null where PSI is not available. */
export function cpuPressure(): { avg10: number; avg60: number } | null {
  try {
    const line = readFileSync('/proc/pressure/cpu', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('some '));
    const avg10 = line?.match(/avg10=([\d.]+)/)?.[1];
    const avg60 = line?.match(/avg60=([\d.]+)/)?.[1];
    return avg10 === undefined || avg60 === undefined ? null : { avg10: Number(avg10), avg60: Number(avg60) };
  } catch {
    return null;
  }
}
