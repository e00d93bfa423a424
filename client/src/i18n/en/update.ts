/** English strings for the update notice; the same shape as zh-CN/update.ts. */
import type { update as zh } from '../zh-CN/update';
import type { Messages } from '../messages-type';

export const update: Messages<typeof zh> = {
  available: 'A new version is available',
  description: 'Reload the page to use the latest version.',
  reload: 'Reload',
  changelog: 'What’s new',
};
