import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { reloadOnPreloadError } from './lib/chunk-reload-guard';
import './styles/index.css';

// A stale chunk after a deploy: reload once per path (10 s guard) when the hub answers; the
// route's error boundary shows the error meanwhile, or for good when the hub is gone.
reloadOnPreloadError();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');
// The first render as a transition: React renders it in slices and yields to the browser
// between them, instead of one long task on a slow phone (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
