/** Scratch Postgres databases on the machine's local server, one per test file. */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** The server tests use. CI sets DATABASE_URL; locally the default is the machine's Postgres. */
export const TEST_POSTGRES_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  readonly url: string;
  drop(): Promise<void>;
}

/** Creates an empty database named bianshi_test_<random> and returns its URL. */
export async function createScratchPostgres(): Promise<ScratchDatabase> {
  const name = `bianshi_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(TEST_POSTGRES_URL, { max: 1, onnotice: () => {} });
      try {
        await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
