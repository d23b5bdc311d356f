// One flat config for the whole workspace. Package-specific blocks enforce the import direction
// of docs/architecture.md: domain <- contract <- (widget, back office, server, embed).
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';

/** Globals that would give the pure rules package I/O or a DOM. */
const DOM_AND_IO_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'process',
  'setTimeout',
  'setInterval',
].map((name) => ({ name, message: '@cashdesk/domain is pure: pass values in instead.' }));

const NO_EXPORT_ALL = {
  selector: 'ExportAllDeclaration[exported=null]',
  message: 'List exports by name (docs/architecture.md: explicit public APIs).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/.process-build-*/**',
      '**/coverage/**',
      '**/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Three programs, each with the libraries and types of the code it holds (a page's, Node's,
        // and the browser tests' and scripts' both), rather than the project service's program
        // per tsconfig project (fourteen), each checking again the sources of the projects it
        // references. A file is linted in the first program that holds it.
        project: [
          './tsconfig.lint-browser.json',
          './tsconfig.lint-node.json',
          './tsconfig.lint-tools.json',
        ],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      'no-restricted-syntax': ['error', NO_EXPORT_ALL],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_EXPORT_ALL,
        {
          selector:
            "CallExpression[callee.object.name='fc'][callee.property.name='assert'][arguments.length<2]",
          message:
            'Give every property an explicit { numRuns } so its cost is chosen, not inherited (CONTRIBUTING.md).',
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cashdesk/*', 'react', 'react-dom', 'react/*', 'node:*'],
              message: '@cashdesk/domain imports no other package, no React and no Node built-ins.',
            },
          ],
          paths: ['fs', 'path', 'http', 'https', 'crypto', 'os', 'child_process'],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_AND_IO_GLOBALS],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cashdesk/widget', '@cashdesk/server', '@cashdesk/embed', 'react', 'node:*'],
              message: '@cashdesk/contract depends on @cashdesk/domain and zod only.',
            },
            {
              regex: '^zod(?!/mini$|/v4/core$)(/.*)?$',
              message:
                "Author schemas with 'zod/mini': the widget validates responses with them, and classic zod costs ~20 KB gzip more.",
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_AND_IO_GLOBALS],
    },
  },
  {
    // Tests may read files (for example the committed OpenAPI document).
    files: ['packages/contract/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-globals': 'off' },
  },
  {
    // The SDK and its demo host page run on brands' pages: plain DOM, no React.
    files: ['packages/embed/src/**/*.ts', 'packages/embed/demo/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cashdesk/widget', '@cashdesk/server', 'react', 'react-dom', 'node:*'],
              message:
                'The embed SDK runs on host pages: it depends on @cashdesk/domain and @cashdesk/contract only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cashdesk/widget',
                '@cashdesk/widget/*',
                '@cashdesk/embed',
                'react',
                'react-dom',
              ],
              message:
                'The server never imports the widget or the embed SDK (docs/architecture.md).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's production code never imports the testkit; only its tests do.
    files: ['packages/server/**/*.ts'],
    ignores: [
      '**/*.test.ts',
      'packages/server/src/test/**',
      'packages/server/src/providers/*/test-support.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cashdesk/widget',
                '@cashdesk/widget/*',
                '@cashdesk/embed',
                'react',
                'react-dom',
              ],
              message:
                'The server never imports the widget or the embed SDK (docs/architecture.md).',
            },
            {
              group: ['@cashdesk/testkit', '@cashdesk/testkit/*', '**/testkit/**'],
              message:
                'The server ships only what production runs: only its tests import the testkit (docs/decisions/0093-testkit-package.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/testkit/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cashdesk/widget',
                '@cashdesk/widget/*',
                '@cashdesk/embed',
                'react',
                'react-dom',
                '**/server/src/**',
              ],
              message:
                'The testkit uses the server through @cashdesk/server, @cashdesk/server/protocols and @cashdesk/server/sandbox only (docs/decisions/0093-testkit-package.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/widget/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@cashdesk/server', '@cashdesk/server/*', '@cashdesk/embed', 'node:*'],
              message: 'The widget depends on @cashdesk/domain and @cashdesk/contract only.',
            },
            {
              regex: '^zod$',
              message:
                "Import 'zod/mini' (types only) in the widget: the classic zod entry pulls every locale (docs/architecture.md).",
            },
            {
              group: ['../features/*/*', '../../features/*', '../../features/*/*'],
              message:
                "Features never import each other or each other's internals; app/ composes them through their index (docs/architecture.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/back-office/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.strict.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@cashdesk/server',
                '@cashdesk/server/*',
                '@cashdesk/widget',
                '@cashdesk/widget/*',
                '@cashdesk/embed',
                'node:*',
              ],
              message:
                'The back office depends on @cashdesk/contract only (its values from @cashdesk/contract/values).',
            },
            {
              regex: '^zod',
              message:
                "The back office validates nothing with zod: import its types with 'import type' from 'zod/mini' only.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/widget/src/**/*.test.{ts,tsx}', 'packages/widget/src/test/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Node scripts; browser tests also write callbacks that page.evaluate runs in the page.
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js', '*.config.ts', 'packages/*/*.config.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
);
