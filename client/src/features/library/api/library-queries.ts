/** Server data of the library (react-query over tRPC): topics, schools, records. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC, useTRPCClient } from '../../../lib/api/trpc';

/** The signed-in account, or null. */
export function useAccount() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

export function useTopicGroups() {
  const trpc = useTRPC();
  return useQuery(trpc.library.topics.groups.queryOptions());
}

export function useAllTopics() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.topics.all.queryOptions(), staleTime: 60_000 });
}

export function useTopicGroup(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.topics.group.queryOptions({ id }), retry: false });
}

export function useFavourites(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.topics.favourites.queryOptions(), enabled });
}

export function useSetFavourite() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.library.topics.setFavourite.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.library.topics.favourites.queryKey() }),
  });
}

/** Invalidates every library topic query (after an edit or import). */
export function useInvalidateTopics() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.library.topics.pathKey() });
}

/** The account's timers (owned and shared), for "use in a timer". */
export function useMyTimers(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.members.mine.queryOptions(), enabled });
}

/** Puts a topic on an existing timer, or on a new one of the given format and name (created, then claimed by its control key). */
export function useUseInTimer() {
  const client = useTRPCClient();
  return useMutation({
    mutationFn: async ({
      topicId,
      timerId,
      formatId,
      name,
    }: {
      topicId: string;
      timerId: string | null;
      /** For a new timer: its format and name. */
      formatId?: string;
      name?: string;
    }) => {
      let id = timerId;
      if (!id) {
        const created = await client.timer.create.mutate({ formatId, name });
        await client.timer.claimControl.mutate({ timerId: created.id, key: created.controlKey });
        id = created.id;
      }
      const used = await client.library.topics.useInTimer.mutate({ timerId: id, topicId });
      const timer = await client.timer.get.query({ id });
      return { ...used, name: timer.timer.name };
    },
  });
}

export function useSchools(q: string, region: string) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.library.schools.search.queryOptions({ q, region }),
    placeholderData: (previous) => previous,
  });
}

export function useRegions() {
  const trpc = useTRPC();
  return useQuery(trpc.library.schools.regions.queryOptions());
}

export function useSchoolPage(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.schools.page.queryOptions({ id }), retry: false });
}

export function useMyRecords(
  filters: { from?: number; to?: number; formatId?: string; school?: string; topic?: string },
  enabled: boolean,
) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.library.records.mine.queryOptions(filters),
    enabled,
    placeholderData: (previous) => previous,
  });
}

export function useRecord(matchId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.records.get.queryOptions({ matchId }), retry: false });
}

/** Judges' flows attached to a record. */
export function useRecordFlows(matchId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.records.flows.queryOptions({ matchId }), retry: false });
}

export function useUpdateResult() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation({
    ...trpc.library.records.updateResult.mutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.library.records.pathKey() }),
  });
}

/** Creates a topic group (the caller becomes its editor). */
export function useTRPCCreateGroup() {
  const trpc = useTRPC();
  const invalidate = useInvalidateTopics();
  return useMutation({ ...trpc.library.topics.createGroup.mutationOptions(), onSuccess: () => invalidate() });
}

export function useTopicMutations() {
  const trpc = useTRPC();
  const invalidate = useInvalidateTopics();
  const options = { onSuccess: () => invalidate() };
  return {
    add: useMutation({ ...trpc.library.topics.addTopic.mutationOptions(), ...options }),
    update: useMutation({ ...trpc.library.topics.updateTopic.mutationOptions(), ...options }),
    remove: useMutation({ ...trpc.library.topics.deleteTopic.mutationOptions(), ...options }),
    check: useMutation(trpc.library.topics.checkImport.mutationOptions()),
    importFile: useMutation({ ...trpc.library.topics.import.mutationOptions(), ...options }),
  };
}
