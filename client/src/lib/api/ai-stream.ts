import { useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPC } from './trpc';

/** The hub's AI mode, input limit and today's quota. */
export function useAiStatus() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.ai.status.queryOptions(), staleTime: 30_000 });
}

/** What a subscription call of the tRPC client looks like. */
type Subscribe<T> = (handlers: {
  onData(event: T): void;
  onError(error: unknown): void;
  onComplete(): void;
}) => { unsubscribe(): void };

/** The Chinese message of a failed stream (the hub words every expected failure). */
export function streamError(error: unknown): string {
  if (error instanceof TRPCClientError && /[\u4e00-\u9fa5]/.test(error.message)) return error.message;
  return '连接中断，请检查网络后重试';
}

/**
 * One AI stream at a time: `start` subscribes (cancelling any running one), `stop` unsubscribes,
 * which aborts the provider request on the hub. Unmounting stops it too.
 */
export function useAiStream<T>() {
  const current = useRef<{ unsubscribe(): void } | null>(null);
  const [running, setRunning] = useState(false);
  const stop = useCallback(() => {
    current.current?.unsubscribe();
    current.current = null;
    setRunning(false);
  }, []);
  useEffect(() => stop, [stop]);
  const start = useCallback(
    (subscribe: Subscribe<T>, on: { data(event: T): void; error(message: string): void; end?(): void }) => {
      current.current?.unsubscribe();
      setRunning(true);
      const finish = () => {
        current.current = null;
        setRunning(false);
      };
      const subscription = subscribe({
        onData: (event) => {
          on.data(event);
          if ((event as { type?: string }).type === 'done') {
            subscription.unsubscribe();
            finish();
            on.end?.();
          }
        },
        onError: (error) => {
          finish();
          on.error(streamError(error));
        },
        onComplete: () => {
          if (current.current === subscription) finish();
        },
      });
      current.current = subscription;
    },
    [],
  );
  return { start, stop, running };
}
