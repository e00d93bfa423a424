import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** Modules that the pure core in shared/ must never import. */
const impureModules = [
  'node:*',
  'fs',
  'path',
  'os',
  'http',
  'https',
  'net',
  'crypto',
  'child_process',
  'events',
  'stream',
  'url',
  'util',
  'worker_threads',
  'ws',
  'react',
  'react-dom',
  'react-dom/*',
  'react-router',
  'zustand',
  'sonner',
  'drizzle-orm',
  'drizzle-orm/*',
  '@electric-sql/pglite',
  'postgres',
  'pg',
  'ioredis',
  '@trpc/*',
  '@supabase/*',
  'yjs',
  'y-protocols',
  'y-protocols/*',
];

/** The client's feature folders (client/src/features/<name>), each a boundary of its own. */
const clientFeatures = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'client/dist-server/**',
      'data/**',
      'coverage/**',
      'hub/drizzle/**',
      'client/public/**',
      'tests/.artifacts/**',
      'integrations/companion/pkg/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'shared/tsconfig.json',
            'hub/tsconfig.json',
            'client/tsconfig.json',
            'tests/tsconfig.json',
            'integrations/companion/tsconfig.json',
          ],
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The browser's dialogs block every clock on the page and read as a browser warning on a
      // projector: the product asks with useConfirm() / usePrompt() (components/ui).
      'no-restricted-globals': [
        'error',
        { name: 'confirm', message: 'Use useConfirm() from components/ui/confirm-dialog.' },
        { name: 'prompt', message: 'Use usePrompt() from components/ui/prompt-dialog.' },
        { name: 'alert', message: 'Use a toast (lib/toast) or useConfirm().' },
      ],
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].flatMap((object) => [
          { object, property: 'confirm', message: 'Use useConfirm() from components/ui/confirm-dialog.' },
          { object, property: 'prompt', message: 'Use usePrompt() from components/ui/prompt-dialog.' },
          { object, property: 'alert', message: 'Use a toast (lib/toast) or useConfirm().' },
        ]),
      ],
    },
  },
  {
    // Features never import each other, and the shared layers (lib/, components/) import no
    // feature: what two features share moves to components/ or lib/, and app/ (the router, the
    // routes, the layouts) composes features. As bulletproof-react does it.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...clientFeatures.map((name) => ({
              target: `./client/src/features/${name}`,
              from: './client/src/features',
              except: [`./${name}`],
              message:
                'Features never import each other: move what they share to components/ or lib/, or compose them in app/.',
            })),
            {
              target: ['./client/src/lib', './client/src/components'],
              from: './client/src/features',
              message: 'lib/ and components/ are shared: they import no feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and scripts wait for what they need, not for a guessed time: three races this month came
    // from fixed sleeps. Wait for a locator, an event or the hub's version, poll with `until`, or
    // watch a window with `holds` (tests/support/until.ts).
    files: ['tests/**/*.{ts,tsx,js,mjs}', 'scripts/**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'waitForTimeout',
          message:
            'No fixed sleeps: wait for a condition (a locator, expect.poll, until() or holds() from tests/support/until.ts).',
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...[
          // new Promise((resolve) => setTimeout(resolve, ms))
          "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.name=/^(resolve|res|r|done)$/]",
          // new Promise((resolve) => setTimeout(() => resolve(), ms))
          "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'] > ArrowFunctionExpression.arguments > CallExpression.body[callee.name=/^(resolve|res|r|done)$/][arguments.length=0]",
        ].map((selector) => ({
          selector,
          message:
            'No fixed sleeps: wait for a condition with until(), or watch a stretch of time with holds() (tests/support/until.ts).',
        })),
      ],
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/**/*.test.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: impureModules,
              message: 'shared/ is the pure core: no Node, DOM, React, network or database modules.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'window', message: 'shared/ is pure: no DOM.' },
        { name: 'document', message: 'shared/ is pure: no DOM.' },
        { name: 'localStorage', message: 'shared/ is pure: no DOM.' },
        { name: 'process', message: 'shared/ is pure: no Node.' },
        { name: 'setTimeout', message: 'shared/ is pure: time comes in as an argument.' },
        { name: 'setInterval', message: 'shared/ is pure: time comes in as an argument.' },
        { name: 'fetch', message: 'shared/ is pure: no network.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'shared/ is pure: time comes in as an argument.' },
        {
          object: 'Math',
          property: 'random',
          message: 'shared/ is pure: randomness comes in as an argument.',
        },
      ],
    },
  },
);
