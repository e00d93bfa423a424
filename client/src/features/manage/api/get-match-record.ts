import {
  deriveRecord,
  runningClockIndex,
  type Command,
  type Format,
  type MatchRecord,
} from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useTRPC } from '../../../lib/api/trpc';

/** Input of one match's record. */
export const matchRecordInputSchema = z.object({
  timerId: z.string().min(1).max(64),
  matchId: z.string().min(1).max(64),
});

/** While a match's clock runs, its log is fetched again this often (new commands show up). */
const LIVE_REFETCH_MS = 5_000;

/** What `manage.matchRecord` answers: the format snapshot, the creation instant, the log. */
interface RecordSource {
  format: unknown;
  createdAt: number;
  entries: { command: unknown; at: number }[];
}

/** A loaded record: its format, whether a clock runs, and the record read at an instant. */
export interface LoadedRecord {
  format: Format;
  /** A clock runs: what it used keeps growing, so read the record `at` the current instant. */
  live: boolean;
  at(now: number): MatchRecord;
}

const loaded = new WeakMap<RecordSource, LoadedRecord>();

/** The record of a fetched log, derived once per answer. */
function loadedRecord(data: RecordSource): LoadedRecord {
  const known = loaded.get(data);
  if (known) return known;
  const format = data.format as Format;
  const log = data.entries.map((entry) => ({ command: entry.command as Command, at: entry.at }));
  const settled = deriveRecord(format, log, data.createdAt);
  const live = runningClockIndex(settled.finalState) !== null;
  // Only a running clock depends on the instant: a settled record is derived once.
  const record: LoadedRecord = {
    format,
    live,
    at: (now) => (live ? deriveRecord(format, log, data.createdAt, now) : settled),
  };
  loaded.set(data, record);
  return record;
}

/**
 * A match's record, derived in the browser from its command log by the shared reducer
 * (`manage.matchRecord`). While a clock runs, read it with `record.at(now)` so the time used so
 * far counts; the log is then fetched again every few seconds.
 */
export function useMatchRecord(
  timerId: string,
  matchId: string | null,
): { record: LoadedRecord | null; isPending: boolean; error: unknown } {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.manage.matchRecord.queryOptions(
      matchRecordInputSchema.parse({ timerId, matchId: matchId ?? '-' }),
    ),
    enabled: matchId !== null,
    refetchInterval: (current) =>
      current.state.data && loadedRecord(current.state.data).live ? LIVE_REFETCH_MS : false,
  });
  const record = useMemo(() => (query.data ? loadedRecord(query.data) : null), [query.data]);
  return { record, isPending: query.isPending && matchId !== null, error: query.error };
}
