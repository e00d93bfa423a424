/** The organizer's commands to a lobby and its screens, each reporting failure as a Chinese toast. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/api/trpc';
import { lobbyErrorMessage } from './lobby-errors';

/** Every organizer command of one lobby. Failures toast their Chinese message and resolve false. */
export function useOrganizerActions(lobbyId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const options = { onError: (error: unknown) => void toast.error(lobbyErrorMessage(error)) };
  const setFeatured = useMutation({ ...trpc.lobby.setFeatured.mutationOptions(), ...options });
  const setMode = useMutation({ ...trpc.lobby.setMode.mutationOptions(), ...options });
  const message = useMutation({ ...trpc.lobby.message.mutationOptions(), ...options });
  const clearMessage = useMutation({ ...trpc.lobby.clearMessage.mutationOptions(), ...options });
  const identify = useMutation({ ...trpc.lobby.identify.mutationOptions(), ...options });
  const rename = useMutation({ ...trpc.lobby.rename.mutationOptions(), ...options });
  const move = useMutation({ ...trpc.lobby.move.mutationOptions(), ...options });
  const disconnect = useMutation({ ...trpc.lobby.disconnect.mutationOptions(), ...options });
  const update = useMutation({
    ...trpc.lobby.update.mutationOptions(),
    ...options,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.lobby.get.queryKey() }),
  });

  return useMemo(() => {
    const ok = <T>(run: Promise<T>): Promise<boolean> =>
      run.then(
        () => true,
        () => false,
      );
    return {
      setFeatured: (timerId: string) => ok(setFeatured.mutateAsync({ lobbyId, timerId })),
      setMode: (mode: 'featured' | 'grid') => ok(setMode.mutateAsync({ lobbyId, mode })),
      broadcast: (text: string) => ok(message.mutateAsync({ lobbyId, text })),
      clearMessage: () => ok(clearMessage.mutateAsync({ lobbyId })),
      messageScreen: (screenId: string, text: string) => ok(message.mutateAsync({ lobbyId, text, screenId })),
      identify: (screenId: string) => ok(identify.mutateAsync({ lobbyId, screenId })),
      rename: (screenId: string, name: string) => ok(rename.mutateAsync({ lobbyId, screenId, name })),
      move: (screenId: string, target: string) => ok(move.mutateAsync({ lobbyId, screenId, target })),
      disconnect: (screenId: string) => ok(disconnect.mutateAsync({ lobbyId, screenId })),
      setTimers: (timers: string[]) => ok(update.mutateAsync({ lobbyId, timers })),
      extend: () => ok(update.mutateAsync({ lobbyId, extend: true })),
    };
    // The mutation objects change identity every render; their mutateAsync functions do not.
  }, [
    lobbyId,
    setFeatured.mutateAsync,
    setMode.mutateAsync,
    message.mutateAsync,
    clearMessage.mutateAsync,
    identify.mutateAsync,
    rename.mutateAsync,
    move.mutateAsync,
    disconnect.mutateAsync,
    update.mutateAsync,
  ]);
}

/** The organizer's commands, as components receive them. */
export type OrganizerActions = ReturnType<typeof useOrganizerActions>;
