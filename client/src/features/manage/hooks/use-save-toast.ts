import { toast } from '../../../lib/toast';
import { format } from '../../../i18n';
import { manage as manageText } from '../../../i18n/zh-CN/manage';
import { commandError } from '../../../lib/realtime/timer';

const t = manageText;

/** Toasts for a save: success, or the hub's Chinese reason. */
export const saveToast = {
  ok: (message: string = t.saved) => toast.success(message),
  failed: (error: unknown) => toast.error(format(t.saveFailed, { message: commandError(error).message })),
};
