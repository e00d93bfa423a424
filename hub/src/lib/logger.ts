/** A tiny structured logger: one JSON line per entry, levels filtered at creation. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Creates a logger that writes entries at or above `level` to stdout/stderr. */
export function createLogger(level: LogLevel, base: Record<string, unknown> = {}): Logger {
  const write = (
    entryLevel: Exclude<LogLevel, 'silent'>,
    message: string,
    fields?: Record<string, unknown>,
  ) => {
    if (RANK[entryLevel] < RANK[level]) return;
    const line = JSON.stringify({
      time: new Date().toISOString(),
      level: entryLevel,
      message,
      ...base,
      ...fields,
    });
    (entryLevel === 'error' || entryLevel === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (message, fields) => write('debug', message, fields),
    info: (message, fields) => write('info', message, fields),
    warn: (message, fields) => write('warn', message, fields),
    error: (message, fields) => write('error', message, fields),
  };
}
