/**
 * Runs `task` when the browser is idle, at the latest after `timeoutMs`; where the browser cannot
 * tell (no `requestIdleCallback`, e.g. Safari), after `fallbackMs`.
 */
export function whenIdle(
  task: () => void,
  { timeoutMs = 3_000, fallbackMs = 0 }: { timeoutMs?: number; fallbackMs?: number } = {},
): void {
  const idle = (
    window as { requestIdleCallback?: (callback: () => void, options: { timeout: number }) => number }
  ).requestIdleCallback;
  if (idle) idle(task, { timeout: timeoutMs });
  else window.setTimeout(task, fallbackMs);
}
