import { useCallback, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { messages } from '../../i18n';
import { Dialog } from './dialog';

/** What a confirmation asks. Strings come from the calling feature's string file. */
export interface ConfirmRequest {
  readonly title: string;
  /** The consequence, in a sentence or a list; what the user must know before choosing. */
  readonly body?: ReactNode;
  /** The button that goes ahead; names the action (结束比赛), not 确定. */
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  /** `danger` for what cannot be taken back (deleting, resetting a running speech). */
  readonly tone?: 'default' | 'danger';
}

/** A pending question: the request and how to answer it. */
interface Pending {
  readonly request: ConfirmRequest;
  readonly answer: (confirmed: boolean) => void;
}

/**
 * The product's own confirmation, in place of the browser's `confirm()` (which cannot be styled,
 * blocks every timer on the page and reads as a browser warning on a projector). A component asks
 * with `await confirm.ask({...})` and renders `confirm.dialog` once; Escape, the backdrop's close
 * and 取消 answer `false`. Asking again while a question is open answers the first with `false`.
 */
export function useConfirm(): { ask: (request: ConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    const current = pendingRef.current;
    pendingRef.current = null;
    setPending(null);
    current?.answer(confirmed);
  }, []);

  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        pendingRef.current?.answer(false);
        const next = { request, answer: resolve };
        pendingRef.current = next;
        setPending(next);
      }),
    [],
  );

  const request = pending?.request;
  const dialog = (
    <Dialog
      open={pending !== null}
      title={request?.title ?? ''}
      tone={request?.tone === 'danger' ? 'warning' : 'default'}
      onClose={() => settle(false)}
      footer={
        <>
          <button type="button" className="btn btn--ghost" onClick={() => settle(false)}>
            {request?.cancelLabel ?? messages.site.cancel}
          </button>
          <button
            type="button"
            className={request?.tone === 'danger' ? 'btn btn--danger' : 'btn btn--primary'}
            data-confirm="yes"
            autoFocus
            onClick={() => settle(true)}
          >
            {request?.confirmLabel}
          </button>
        </>
      }
    >
      {request?.body}
    </Dialog>
  );
  return { ask, dialog };
}
