/**
 * Toasts without sonner on the critical path: the same calls as sonner's `toast`, which load it
 * on the first toast (the toaster itself mounts after a page's first render, see app/root.tsx).
 * A page that shows no toast never downloads it; one that does waits a few milliseconds once.
 */
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning';
type Message = Parameters<typeof sonnerToast.success>[0];

let sonner: Promise<{ toast: typeof sonnerToast }> | undefined;

function show(kind: Kind, message: Message, options?: ExternalToast): void {
  sonner ??= import('sonner');
  void sonner.then((module) => module.toast[kind](message, options)).catch(() => undefined);
}

/** `toast.success('已保存')`, as in sonner, without returning the toast's id. */
export const toast = {
  success: (message: Message, options?: ExternalToast) => show('success', message, options),
  error: (message: Message, options?: ExternalToast) => show('error', message, options),
  info: (message: Message, options?: ExternalToast) => show('info', message, options),
  warning: (message: Message, options?: ExternalToast) => show('warning', message, options),
};
