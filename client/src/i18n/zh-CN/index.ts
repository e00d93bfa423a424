import { auth } from './auth';
import { compat } from './compat';
import { consolePage } from './console';
import { create } from './create';
import { display } from './display';
import { errors } from './errors';
import { fallback } from './fallback';
import { landing } from './landing';
import { layouts } from './layouts';
import { lobby } from './lobby';
import { manage } from './manage';
import { routes } from './routes';
import { site } from './site';
import { update } from './update';

/** Every user-facing string of the zh-CN interface, one module per area. */
export const zhCN = { site, errors, landing, layouts, routes, compat, update, display, consolePage, manage, create, lobby, auth, fallback } as const;
