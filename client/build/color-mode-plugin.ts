import type { Plugin } from 'vite';
// Relative, so Vite's config bundler compiles it; storage.ts touches no browser API on import.
import { COLOR_MODE_COOKIE } from '../src/lib/browser/storage.ts';

/** Where a page's HTML asks for the script. */
const MARKER = '<!--color-mode-->';

/**
 * Applies the chosen colour mode (its cookie, kept by the colour-mode store) or the system's
 * before the first paint, so that dark users never see a white flash. Inline and tiny because it
 * must run before the stylesheet paints; the hub hashes inline scripts into its CSP from the
 * built pages.
 */
export const COLOR_MODE_SCRIPT = `(function(){try{var m=/(?:^|;\\s*)${COLOR_MODE_COOKIE}=(dark|light)(?:;|$)/.exec(document.cookie);var p=m&&m[1];var d=p==='dark'||(p!=='light'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var r=document.documentElement;r.dataset.theme=d?'dark':'light';r.style.colorScheme=d?'dark':'light'}catch(e){}})();`;

/** Puts the colour-mode script where a page's HTML has `<!--color-mode-->` (index.html, lobby-screen.html). */
export function colorModePlugin(): Plugin {
  return {
    name: 'bianshi:color-mode',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace(MARKER, `<script>${COLOR_MODE_SCRIPT}</script>`),
    },
  };
}
