/** A call's failure as Chinese text (the hub's message when it sent one). */
export function errorText(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  return /[\u3400-\u9fff]/.test(message) ? message : fallback;
}

/** mm:ss of a duration. */
export function mmss(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
