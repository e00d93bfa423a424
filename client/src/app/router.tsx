import { createBrowserRouter } from 'react-router';
import { registerPrefetchRoutes } from '../lib/loading/prefetch';
import { routes } from './route-table';

registerPrefetchRoutes(routes);

/**
 * The browser's router. It starts loading the first page's route modules as soon as this module
 * runs (`main.tsx` waits for them before it replaces a page the hub sent drawn).
 */
export const router = createBrowserRouter(routes);
