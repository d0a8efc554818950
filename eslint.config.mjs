// ESLint flat config: typescript-eslint everywhere; src/core forbids host, DOM, Web and timer globals (they are injected);
// only src/excel uses the Office globals, under eslint-plugin-office-addins' load/sync rules.
import tseslint from 'typescript-eslint';
import prettierConfig from 'eslint-config-prettier';
import officeAddins from 'eslint-plugin-office-addins';

const hostGlobals = [
  'Office',
  'Excel',
  'OfficeRuntime',
  'SpreadsheetApp',
  'UrlFetchApp',
  'PropertiesService',
  'google',
  'window',
  'document',
  'navigator',
  'localStorage',
  'fetch',
  'setTimeout',
  'setInterval',
  'clearTimeout',
  'clearInterval',
  'requestAnimationFrame',
  'performance',
  'crypto',
  'process',
  'XMLHttpRequest',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'self',
  'globalThis',
  'global',
  // Web APIs a bare ECMAScript runtime (Apps Script's V8) lacks: the core has its own CancelSignal and an injected Utf8Decoder.
  'AbortController',
  'AbortSignal',
  'TextDecoder',
  'TextEncoder',
  'URL',
  'URLSearchParams',
  'structuredClone',
  'atob',
  'btoa',
  'Blob',
  'Headers',
  'Request',
  'Response',
  'ReadableStream',
  'WritableStream',
  'FormData',
  'WebSocket',
  'EventTarget',
  'DOMException',
  'console',
  'Buffer',
  'require',
];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.data/**', 'test-results/**', 'coverage/**', 'jest.config.js'] },
  ...tseslint.configs.recommended,
  prettierConfig,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/excel/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['Office', 'Excel', 'OfficeRuntime'].map((name) => ({
          name,
          message: `Only src/excel uses ${name}: put the Office code there.`,
        })),
      ],
    },
  },
  {
    files: ['src/excel/**/*.{ts,tsx}'],
    plugins: { 'office-addins': officeAddins },
    rules: {
      'office-addins/call-sync-after-load': 'error',
      'office-addins/call-sync-before-read': 'error',
      'office-addins/load-object-before-read': 'error',
      'office-addins/no-context-sync-in-loop': 'error',
      'office-addins/no-empty-load': 'error',
      'office-addins/no-navigational-load': 'error',
      'office-addins/no-office-initialize': 'error',
      'office-addins/test-for-null-using-isNullObject': 'error',
    },
  },
  {
    files: ['appsscript/sidebar/**/*.{ts,tsx}', 'appsscript/shared/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/server'],
              allowTypeImports: true,
              message: 'The sidebar and the shared contract take values from appsscript/shared only: the server bundle is another runtime.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...hostGlobals.map((name) => ({ name, message: `src/core is portable: inject ${name} instead of using the global.` })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'src/core gets its clock injected.' },
        { object: 'Math', property: 'random', message: 'src/core gets randomness injected.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', '@fluentui/*', 'node:*', 'fs', 'http', 'https', 'path'],
              message: 'src/core is portable: no React, DOM or Node imports.',
            },
          ],
        },
      ],
    },
  },
);
