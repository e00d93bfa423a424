/** What a page the hub sends drawn loads besides its route (src/main.tsx): the input hand-over. */
const DRAWN = 'src/lib/loading/drawn-page.ts';

/**
 * The route modules React Router loads for the site's pages people open first (layouts, then the
 * page), relative to the client root. One list for the route preload in index.html
 * (vite.config.ts), the bundle budgets (route-budgets.ts) and the bundle test.
 */
export const ROUTE_MODULES = {
  landing: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/blank-layout.tsx',
    'src/app/routes/landing.tsx',
    DRAWN,
  ],
  lobbyList: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/main-layout.tsx',
    'src/features/lobby/list.ts',
    DRAWN,
  ],
  lobbyRoom: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/main-layout.tsx',
    'src/app/routes/lobby-room.tsx',
  ],
  create: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/simple-layout.tsx',
    'src/features/create/index.ts',
    DRAWN,
  ],
  docs: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/docs-layout.tsx',
    'src/features/content/index.ts',
    DRAWN,
  ],
  pricing: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/content-layout.tsx',
    'src/features/commerce/index.ts',
    DRAWN,
  ],
  article: [
    'src/app/layouts/server-data-layout.tsx',
    'src/app/layouts/content-layout.tsx',
    'src/features/content/index.ts',
    DRAWN,
  ],
} as const satisfies Record<string, readonly string[]>;
