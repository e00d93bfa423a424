import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/api/trpc';

/** The events a webhook may subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENTS = [
  'stage.started',
  'time.up',
  'bell',
  'match.finished',
  'result.recorded',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Whose webhooks: a timer's (its owner manages them) or a lobby's (its organizer; every timer it shows). */
export type WebhookTarget = { timerId: string } | { lobbyId: string };

type Trpc = ReturnType<typeof useTRPC>;
type TimerInput = { timerId: string };

/**
 * The target's webhook procedures. The two routers take the same inputs beside the target's id
 * (`integrations.procedures.ts`), so the timer's types stand for both; `input` puts the target in.
 */
function proceduresOf(trpc: Trpc, target: WebhookTarget) {
  const procedures = 'timerId' in target ? trpc.integrations.timerWebhooks : trpc.integrations.lobbyWebhooks;
  return procedures as unknown as Trpc['integrations']['timerWebhooks'];
}

/** The input of a webhook procedure for `target`. */
export function input<T extends object>(target: WebhookTarget, rest: T): T & TimerInput {
  return { ...rest, ...target } as T & TimerInput;
}

/** The target's webhooks (owner or organizer only). */
export function useWebhooks(target: WebhookTarget, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...proceduresOf(trpc, target).list.queryOptions(input(target, {})),
    enabled,
    retry: false,
  });
}

export type WebhookItem = NonNullable<ReturnType<typeof useWebhooks>['data']>[number];

/** A webhook's latest deliveries; refreshed every few seconds while shown (retries happen on their own). */
export function useDeliveries(target: WebhookTarget, webhookId: string) {
  const trpc = useTRPC();
  return useQuery({
    ...proceduresOf(trpc, target).deliveries.queryOptions(input(target, { webhookId })),
    refetchInterval: 3_000,
  });
}

export type DeliveryItem = NonNullable<ReturnType<typeof useDeliveries>['data']>[number];

/** The target's webhook mutations, each refreshing the list and logs when settled. */
export function useWebhookActions(target: WebhookTarget) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const procedures = proceduresOf(trpc, target);
  const settled = {
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: procedures.list.queryKey(input(target, {})) });
      void queryClient.invalidateQueries({ queryKey: procedures.deliveries.pathKey() });
    },
  };
  return {
    create: useMutation(procedures.create.mutationOptions(settled)),
    update: useMutation(procedures.update.mutationOptions(settled)),
    remove: useMutation(procedures.remove.mutationOptions(settled)),
    test: useMutation(procedures.test.mutationOptions(settled)),
    redeliver: useMutation(procedures.redeliver.mutationOptions(settled)),
  };
}
