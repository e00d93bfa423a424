import { compat } from './compat';
import { errors } from './errors';
import { layouts } from './layouts';
import { routes } from './routes';
import { site } from './site';
import { update } from './update';

/**
 * The zh-CN strings every page needs (site chrome, errors, layouts, route titles), one module
 * per area. A feature's own strings are NOT registered here: they live in
 * `zh-CN/<feature>.ts` and the feature imports that file itself, e.g.
 * `import { lobby as lobbyText } from '../../../i18n/zh-CN/lobby'`, so they ship in the
 * feature's chunk and a page that never shows the feature never downloads them.
 */
export const zhCN = { site, errors, layouts, routes, compat, update } as const;
