import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';

/** The events a webhook may subscribe to, in the order the form lists them. */
export const WEBHOOK_EVENTS = ['stage.started', 'time.up', 'bell', 'match.finished', 'result.recorded'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** A timer's webhooks (`integrations.timerWebhooks.list`, owner only). */
export function useWebhooks(timerId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.integrations.timerWebhooks.list.queryOptions({ timerId }), enabled, retry: false });
}

export type WebhookItem = NonNullable<ReturnType<typeof useWebhooks>['data']>[number];

/** A webhook's latest deliveries; refreshed every few seconds while shown (retries happen on their own). */
export function useDeliveries(timerId: string, webhookId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.integrations.timerWebhooks.deliveries.queryOptions({ timerId, webhookId }), refetchInterval: 3_000 });
}

export type DeliveryItem = NonNullable<ReturnType<typeof useDeliveries>['data']>[number];

function useRefresh() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (timerId: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.integrations.timerWebhooks.list.queryKey({ timerId }) });
    void queryClient.invalidateQueries({ queryKey: trpc.integrations.timerWebhooks.deliveries.pathKey() });
  };
}

/** The webhook mutations of a timer, each refreshing the list and logs when settled. */
export function useWebhookActions() {
  const trpc = useTRPC();
  const refresh = useRefresh();
  const settled = { onSettled: (_data: unknown, _error: unknown, input: { timerId: string }) => refresh(input.timerId) };
  return {
    create: useMutation(trpc.integrations.timerWebhooks.create.mutationOptions(settled)),
    update: useMutation(trpc.integrations.timerWebhooks.update.mutationOptions(settled)),
    remove: useMutation(trpc.integrations.timerWebhooks.remove.mutationOptions(settled)),
    test: useMutation(trpc.integrations.timerWebhooks.test.mutationOptions(settled)),
    redeliver: useMutation(trpc.integrations.timerWebhooks.redeliver.mutationOptions(settled)),
  };
}
