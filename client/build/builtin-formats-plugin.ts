import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
// Relative, so Vite's config bundler compiles it (the workspace package is TypeScript source).
import { BUILTIN_FORMATS } from '../../shared/src/formats/builtin/builtin-formats.ts';

/** The shared module that builds the library by running every format through the zod schema. */
const BUILTIN_MODULE = fileURLToPath(
  new URL('../../shared/src/formats/builtin/builtin-formats.ts', import.meta.url),
);

/**
 * The browser gets the built-in format library as data. `shared/src/formats/builtin/builtin-formats.ts`
 * fills each format's defaults with `formatSchema.parse` when it loads: the schemas are built and
 * fourteen formats parsed before a page that lists formats (/create first) can draw, about 60 ms
 * of main thread in a desktop Chromium profile, several times that on a phone. Here the build runs that module once in
 * Node and the browser's copy of it is the result, the same objects as JSON (`JSON.parse` of a
 * string is the fastest way for V8 to make a large literal). The exports are the module's own.
 */
export function builtinFormatsPlugin(): Plugin {
  return {
    name: 'bianshi:builtin-formats',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== BUILTIN_MODULE) return undefined;
      const json = JSON.stringify(JSON.stringify(BUILTIN_FORMATS));
      return [
        `/** Built by client/build/builtin-formats-plugin.ts from shared/src/formats/builtin/builtin-formats.ts. */`,
        `export const BUILTIN_FORMATS = JSON.parse(${json});`,
        `export function getBuiltinFormat(id) { return BUILTIN_FORMATS.find((format) => format.id === id); }`,
      ].join('\n');
    },
  };
}
