import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { DRAWN_MARK } from '@bianshi/shared/protocol/constants';
import { router } from './app/router';
import { reloadOnPreloadError } from './lib/loading/chunk-reload-guard';
import './styles/index.css';

// A stale chunk after a deploy: reload once per path (10 s guard) when the hub answers; the
// route's error boundary shows the error meanwhile, or for good when the hub is gone.
reloadOnPreloadError();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

/** The first render as a transition: React renders it in slices and yields to the browser
 * between them, instead of one long task on a slow phone (Lighthouse's total blocking time). */
function render(root: HTMLElement) {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/**
 * A page the hub sent drawn (`<!--bs-drawn-->`, client/build/draw-pages-plugin.ts) stays as it is
 * until the router has loaded its route modules; then React replaces it with the same elements in
 * one commit, and what the visitor typed or clicked meanwhile goes to the new elements
 * (`lib/loading/drawn-page.ts`, preloaded with those pages' route chunks). Rendering at once would put the
 * loading splash in its place meanwhile.
 */
const drawn =
  container.firstChild?.nodeType === Node.COMMENT_NODE && container.firstChild.nodeValue === DRAWN_MARK;
if (drawn) {
  const routesReady = new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  // Without the hand-over (its chunk did not load) the page still renders; only what was typed
  // on the drawn page is lost.
  const handOver = import('./lib/loading/drawn-page').then(
    (module) => module.keepDrawnPageInput,
    () => null,
  );
  void Promise.all([routesReady, handOver]).then(([, keep]) => {
    keep?.(container);
    render(container);
  });
} else {
  render(container);
}
