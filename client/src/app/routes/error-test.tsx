import { messages } from '../../i18n';
import { env } from '../../lib/env';
import { AppError } from '../../lib/api/errors';
import { local, STORAGE_KEYS } from '../../lib/browser/storage';
import { NotFound } from './not-found';

/**
 * `/__error-test` throws, so the error screen can be seen and tested. Only in dev, or when the
 * `bianshi:debug` local-storage flag is `1` (set by the browser tests); otherwise a plain 404.
 */
export function ErrorTestRoute() {
  if (!env.isDev && local.get(STORAGE_KEYS.debug) !== '1') return <NotFound />;
  throw new AppError({ kind: 'http', status: 500, message: messages.errors.errorTest.message });
}
