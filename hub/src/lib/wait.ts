import { HubError } from './errors';

const FORMATS = {
  second: new Intl.NumberFormat('zh-CN', { style: 'unit', unit: 'second', unitDisplay: 'short' }),
  minute: new Intl.NumberFormat('zh-CN', { style: 'unit', unit: 'minute', unitDisplay: 'short' }),
  hour: new Intl.NumberFormat('zh-CN', { style: 'unit', unit: 'hour', unitDisplay: 'short' }),
};

/** A wait in Chinese, rounded up to what a person reads: 5秒, 3分钟, 2小时. */
export function formatWait(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return FORMATS.second.format(seconds);
  if (seconds < 3600) return FORMATS.minute.format(Math.ceil(seconds / 60));
  return FORMATS.hour.format(Math.ceil(seconds / 3600));
}

/** Whole seconds for a Retry-After header (at least 1). */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/**
 * Runs `work`; when it fails with a refusal that says how long to wait (`details.retryAfterMs`),
 * sets `Retry-After` (whole seconds) on the HTTP answer first, for clients and proxies that read it.
 */
export async function withRetryAfter<T>(
  setHeader: ((name: string, value: string) => void) | null,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const waitMs = error instanceof HubError ? error.details?.['retryAfterMs'] : undefined;
    if (typeof waitMs === 'number') setHeader?.('retry-after', String(retryAfterSeconds(waitMs)));
    throw error;
  }
}
