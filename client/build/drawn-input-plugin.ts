import type { Plugin } from 'vite';
// Relative, as below; constants.ts is plain values.
import { DRAWN_MARK } from '../../shared/src/protocol/constants.ts';
// Relative, so Vite's config bundler compiles it; drawn-page.ts touches no browser API on import.
import { DRAWN_CLICKABLE, DRAWN_CONTROLS, DRAWN_INPUT_QUEUE } from '../src/lib/loading/drawn-page.ts';

/**
 * The page's module scripts may be seconds away on a slow link, and a drawn form would meanwhile
 * submit itself as a plain load of the page. While the root holds a drawn page, this stops every
 * click on a button or tab and every submit there, and queues them for `keepDrawnPageInput`
 * (src/lib/loading/drawn-page.ts), which hands them to the app's elements.
 */
export const DRAWN_INPUT_SCRIPT = `(function(){var q=window.${DRAWN_INPUT_QUEUE}=[];function drawn(t){var r=document.getElementById('root');return r&&r.firstChild&&r.firstChild.nodeValue===${JSON.stringify(DRAWN_MARK)}&&r.contains(t)?r:null}document.addEventListener('click',function(e){var t=e.target&&e.target.closest?e.target.closest(${JSON.stringify(DRAWN_CLICKABLE)}):null,r=t&&drawn(t);if(!r)return;e.preventDefault();q.push({kind:'click',index:[].indexOf.call(r.querySelectorAll(${JSON.stringify(DRAWN_CONTROLS)}),t)})},true);document.addEventListener('submit',function(e){var r=drawn(e.target);if(!r)return;e.preventDefault();q.push({kind:'submit',index:[].indexOf.call(r.querySelectorAll('form'),e.target)})},true)})();`;

/**
 * Puts {@link DRAWN_INPUT_SCRIPT} first in index.html's `<head>`, inline, so it runs before a
 * visitor can touch a drawn page however long the module scripts take. The hub hashes inline
 * scripts into its CSP from the built page.
 */
export function drawnInputPlugin(): Plugin {
  return {
    name: 'bianshi:drawn-input',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.path.endsWith('/index.html')) return html;
        return { html, tags: [{ tag: 'script', children: DRAWN_INPUT_SCRIPT, injectTo: 'head-prepend' }] };
      },
    },
  };
}
