import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** A route whose chunks the page should start downloading with the entry, before React routes. */
export interface PreloadedRoute {
  /** Regular expression source matched against `location.pathname`. */
  path: string;
  /** Route modules (relative to the client root) the route loads, e.g. its layout and its page. */
  modules: readonly string[];
}

/**
 * Adds a small inline script to index.html that, on the listed routes, preloads the route's own
 * chunks (JS as `modulepreload`, CSS as `preload`) at once, instead of after the entry has
 * downloaded and React Router has matched the route: one round trip less on a slow link before
 * the projector's clock appears. The hub hashes inline scripts into its CSP. CSS preloads are
 * `crossorigin` like the stylesheet links Vite adds later: without it the browser cannot reuse
 * the preload and downloads each stylesheet twice.
 */
export function routePreloadPlugin(routes: readonly PreloadedRoute[]): Plugin {
  return {
    name: 'bianshi:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle || !ctx.path.endsWith('/index.html')) return html;
        const table = routes.map((route) => ({
          path: route.path,
          files: filesOf(ctx.bundle as unknown as OutputBundle, route.modules),
        }));
        const script = `(function(){var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){if(!new RegExp(t[i].path).test(p))continue;t[i].files.forEach(function(f){var l=document.createElement('link');if(/\\.css$/.test(f)){l.rel='preload';l.as='style';l.crossOrigin=''}else{l.rel='modulepreload'}l.href='/'+f;document.head.appendChild(l)});break}})();`;
        // First in <head>: an inline script after a stylesheet link waits for that stylesheet to load.
        return { html, tags: [{ tag: 'script', children: script, injectTo: 'head-prepend' }] };
      },
    },
  };
}

/** The chunks (and their CSS) of the given route modules, with their static imports, minus the entry's. */
function filesOf(bundle: OutputBundle, modules: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('src/main.tsx'));
  const skip = new Set<string>();
  const walk = (chunk: OutputChunk | undefined, into: Set<string>) => {
    if (!chunk || into.has(chunk.fileName)) return;
    into.add(chunk.fileName);
    for (const css of (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string> } }).viteMetadata
      ?.importedCss ?? [])
      into.add(css);
    for (const imported of chunk.imports) walk(bundle[imported] as OutputChunk | undefined, into);
  };
  walk(entry, skip);
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(module));
    if (!chunk) throw new Error(`route preload: no chunk for ${module}`);
    walk(chunk, files);
  }
  return [...files].filter((file) => !skip.has(file));
}
