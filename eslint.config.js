import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-types/**',
      '**/coverage/**',
      'data/**',
      'apps/server/src/db/migrations/**',
      'bench/results/**',
      'apps/server/build/**',
      'apps/server/build-test-*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.config.ts', 'e2e/**', 'bench/**', 'scripts/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Layers point one way (docs/ARCHITECTURE.md, one-page map): lib ← db ← plugins ← modules ← app.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    // Tests and the demo-data seeder drive the whole app from outside, as main.ts does.
    ignores: ['**/*.test.ts', 'apps/server/src/db/demo-data/**'],
    plugins: { 'import-x': importX },
    // Sources import '.js' names of '.ts' files (NodeNext).
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/domain/src',
              from: ['./packages/contract', './apps'],
              message: 'The domain is pure rules: it imports no other workspace.',
            },
            {
              target: './packages/contract/src',
              from: './apps',
              message: 'The contract is shared by server and web: it imports neither.',
            },
            {
              target: './apps/server/src/lib',
              from: [
                './apps/server/src/db',
                './apps/server/src/plugins',
                './apps/server/src/modules',
                './apps/server/src/app.ts',
                './apps/server/src/main.ts',
              ],
              message: 'lib/ is the bottom layer: move the shared code here or the caller up.',
            },
            {
              target: './apps/server/src/db',
              from: ['./apps/server/src/plugins', './apps/server/src/modules', './apps/server/src/app.ts'],
              except: [],
              message: 'db/ sits below plugins and modules.',
            },
            {
              target: './apps/server/src/plugins',
              from: ['./apps/server/src/modules', './apps/server/src/app.ts'],
              message: 'Plugins sit below the modules: move what both need into lib/ or db/.',
            },
            {
              target: './apps/server/src/modules',
              from: ['./apps/server/src/app.ts', './apps/server/src/main.ts'],
              message: 'Modules do not import the app that registers them (app-deps.ts holds TAppDeps).',
            },
          ],
        },
      ],
    },
  },
  {
    // The offline service worker runs in the worker scope (self, caches), not in a page.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker }, sourceType: 'script' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'Features stay independent: move shared code to components/, lib/ or config/ (ARCHITECTURE.md Web app).',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './apps/web/src/config'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared code sits below the features and the app shell that use it.',
            },
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features do not import the app shell that mounts them.',
            },
            {
              target: './apps/web/src',
              from: './apps/server',
              message: 'The web app talks to the server through packages/contract only.',
            },
          ],
        },
      ],
    },
  },
);
