/** The targets, checked against what this run measured. */
import type { BenchReport } from './run';

export interface TargetResult {
  name: string;
  target: string;
  measured: number | null;
  unit: string;
  /** null: not measured in this run (skipped or failed). */
  pass: boolean | null;
  note?: string;
}

/** The level the latency target is about. */
export const LATENCY_TARGET_SUBSCRIBERS = 10_000;
export const LATENCY_P99_TARGET_MS = 100;
export const MEMORY_TARGET_BYTES = 16 * 1024;
export const HUB_TO_BARE_WS_TARGET = 0.5;
export const HUB_TO_SOCKET_IO_TARGET = 1.0;
export const FLIP_SKEW_P99_TARGET_MS = 17;
export const CROSS_HUB_EXTRA_P99_TARGET_MS = 20;

function atMost(measured: number | null | undefined, limit: number): boolean | null {
  return measured === null || measured === undefined || Number.isNaN(measured) ? null : measured <= limit;
}

function atLeast(measured: number | null | undefined, floor: number): boolean | null {
  return measured === null || measured === undefined || Number.isNaN(measured) ? null : measured >= floor;
}

export function evaluateTargets(report: Pick<BenchReport, 'fanout' | 'throughput' | 'flipSkew' | 'crossHub'>): TargetResult[] {
  const results: TargetResult[] = [];
  const crossHub = report.crossHub && 'extraP99Ms' in report.crossHub ? report.crossHub.extraP99Ms : null;
  results.push({
    name: 'extra p99 latency for a viewer on another hub',
    target: `≤ ${CROSS_HUB_EXTRA_P99_TARGET_MS} ms`,
    measured: crossHub,
    unit: 'ms',
    pass: atMost(crossHub, CROSS_HUB_EXTRA_P99_TARGET_MS),
  });
  const levels = report.fanout && 'levels' in report.fanout ? report.fanout.levels : [];
  const largest = levels.at(-1);
  // The level counts the subscribers that did connect; fewer than the target level is no verdict.
  const partial = largest && largest.subscribers < LATENCY_TARGET_SUBSCRIBERS ? `measured at ${largest.subscribers} subscribers, not ${LATENCY_TARGET_SUBSCRIBERS}` : undefined;
  const p99 = largest?.latency.latencyMs.p99 ?? null;
  results.push({
    name: `fan-out latency p99 at ${LATENCY_TARGET_SUBSCRIBERS} subscribers`,
    target: `≤ ${LATENCY_P99_TARGET_MS} ms`,
    measured: p99,
    unit: 'ms',
    pass: partial ? null : atMost(p99, LATENCY_P99_TARGET_MS),
    ...(partial ? { note: partial } : {}),
  });
  const perSubscriber = largest?.memory.rssBytesPerSubscriber ?? null;
  results.push({
    name: 'hub RSS per idle subscriber',
    target: `≤ ${MEMORY_TARGET_BYTES} bytes (16 KiB)`,
    measured: perSubscriber,
    unit: 'bytes',
    pass: atMost(perSubscriber, MEMORY_TARGET_BYTES),
    ...(largest ? { note: `at ${largest.memory.subscribers} subscribers` } : {}),
  });
  const ratios = report.throughput && 'ratios' in report.throughput ? report.throughput.ratios : null;
  results.push({ name: 'delivered msg/s, hub ÷ bare ws', target: `≥ ${HUB_TO_BARE_WS_TARGET}`, measured: ratios?.hubToBareWs ?? null, unit: 'ratio', pass: atLeast(ratios?.hubToBareWs, HUB_TO_BARE_WS_TARGET) });
  results.push({ name: 'delivered msg/s, hub ÷ socket.io', target: `≥ ${HUB_TO_SOCKET_IO_TARGET}`, measured: ratios?.hubToSocketIo ?? null, unit: 'ratio', pass: atLeast(ratios?.hubToSocketIo, HUB_TO_SOCKET_IO_TARGET) });
  const flip = report.flipSkew && 'spreadMs' in report.flipSkew ? report.flipSkew.spreadMs.p99 : null;
  const skipped = report.flipSkew && 'skipped' in report.flipSkew ? report.flipSkew.skipped : undefined;
  results.push({
    name: 'flip skew p99 across 20 pages',
    target: `≤ ${FLIP_SKEW_P99_TARGET_MS} ms`,
    measured: flip,
    unit: 'ms',
    pass: atMost(flip, FLIP_SKEW_P99_TARGET_MS),
    ...(skipped ? { note: `skipped: ${skipped}` } : {}),
  });
  return results;
}
