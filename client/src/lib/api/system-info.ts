import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/** The hub's name, version, protocol version and database kind (`system.info`). */
export function useSystemInfo() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.system.info.queryOptions(), staleTime: 5 * 60_000, refetchOnWindowFocus: true });
}
