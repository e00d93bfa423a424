import { deriveRecord, type Command, type Format, type MatchRecord } from '@bianshi/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { useTRPC } from '../../../lib/trpc';

/** Input of one match's record. */
export const matchRecordInputSchema = z.object({ timerId: z.string().min(1).max(64), matchId: z.string().min(1).max(64) });

/** A match's record, derived in the browser from its command log by the shared reducer (`manage.matchRecord`). */
export function useMatchRecord(timerId: string, matchId: string | null): { record: MatchRecord | null; format: Format | null; isPending: boolean; error: unknown } {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.manage.matchRecord.queryOptions(matchRecordInputSchema.parse({ timerId, matchId: matchId ?? '-' })),
    enabled: matchId !== null,
  });
  const record = useMemo(() => {
    if (!query.data) return null;
    const log = query.data.entries.map((entry) => ({ command: entry.command as Command, at: entry.at }));
    return deriveRecord(query.data.format as Format, log, query.data.createdAt);
  }, [query.data]);
  return { record, format: (query.data?.format as Format | undefined) ?? null, isPending: query.isPending && matchId !== null, error: query.error };
}
