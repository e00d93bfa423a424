import { toast } from 'sonner';
import { format, messages } from '../../../i18n';
import { commandError } from '../../../lib/timer-sync';

const t = messages.manage;

/** Toasts for a save: success, or the hub's Chinese reason. */
export const saveToast = {
  ok: (message: string = t.saved) => toast.success(message),
  failed: (error: unknown) => toast.error(format(t.saveFailed, { message: commandError(error).message })),
};
