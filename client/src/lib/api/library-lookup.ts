/** Typeahead lookups in the library: schools, teams, debaters (the teams page) and topics (workbench projects). */
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { useTRPC } from './trpc';

/** Library topics matching `q` (motion text, tags, tournament). */
export function useLibraryTopics(q: string) {
  const trpc = useTRPC();
  const deferred = useDeferredValue(q.trim());
  return useQuery({
    ...trpc.library.topics.search.queryOptions({ q: deferred, limit: 20 }),
    enabled: deferred.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** One library topic by id (null id: nothing asked). */
export function useLibraryTopic(id: string | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.library.topics.get.queryOptions({ id: id ?? '' }), enabled: !!id, retry: false });
}

/** Library teams matching `q` (name or school), newest season first. */
export function useLibraryTeams(q: string) {
  const trpc = useTRPC();
  const deferred = useDeferredValue(q.trim());
  return useQuery({
    ...trpc.library.schools.teams.queryOptions({ q: deferred }),
    enabled: deferred.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** Library schools matching `q`. */
export function useLibrarySchools(q: string) {
  const trpc = useTRPC();
  const deferred = useDeferredValue(q.trim());
  return useQuery({
    ...trpc.library.schools.search.queryOptions({ q: deferred, limit: 20 }),
    enabled: deferred.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** Library debaters matching `q`. */
export function useLibraryDebaters(q: string) {
  const trpc = useTRPC();
  const deferred = useDeferredValue(q.trim());
  return useQuery({
    ...trpc.library.schools.debaters.queryOptions({ q: deferred }),
    enabled: deferred.length > 0,
    placeholderData: (previous) => previous,
  });
}
