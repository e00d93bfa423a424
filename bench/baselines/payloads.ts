/** The payloads a baseline server broadcasts: the hub's own frames, passed in a JSON file. */
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Environment variable naming the JSON file (an array of strings). */
export const PAYLOADS_ENV = 'BENCH_PAYLOADS';

/** Reads the payloads named by the environment. */
export function readPayloads(): string[] {
  const file = process.env[PAYLOADS_ENV];
  if (!file) throw new Error(`${PAYLOADS_ENV} is not set`);
  const payloads = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(payloads) || payloads.length === 0 || !payloads.every((p) => typeof p === 'string')) {
    throw new Error(`${file}: expected a non-empty array of strings`);
  }
  return payloads as string[];
}

/** Writes payloads to a temporary file and returns its path. */
export function writePayloads(payloads: string[]): string {
  const file = join(tmpdir(), `bianshi-bench-payloads-${process.pid}.json`);
  writeFileSync(file, JSON.stringify(payloads));
  return file;
}
