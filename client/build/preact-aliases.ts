/**
 * React's packages resolved to Preact's compat layer: the screens with pages of their own are
 * built on Preact (vite.display.config.ts), and the hub draws the display's first frame with the
 * same components (vite.server.config.ts).
 */
export const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];
