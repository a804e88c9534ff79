import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'playwright-report/**',
      'test-results/**',
      'e2e/artifacts/**',
      'packages/web/stats/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: every TypeScript file is read through the tsconfig that includes it.
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The root's vitest.config.ts belongs to no package's tsconfig.
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any(String), expect.stringMatching(...)) are typed
    // `any` on purpose, so that they fit any field of an expected value: in tests the rule would
    // flag every one of them, not an unsafe value.
    // And a test's fake of an async interface is written `async` even when it awaits nothing, so
    // that it returns a promise and a throw in it rejects, as the real one would.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // The web app talks to the server only through HTTP and the contract.
    files: ['packages/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@supersteward/server', '@supersteward/server/**'],
              message: 'The web app may import the contract, never server code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes see the ports (store, hub, quota, captcha interfaces) they are given in AppDeps;
    // which adapter stands behind them is decided in compose.ts alone.
    files: ['packages/server/src/routes/**/*.ts'],
    ignores: ['**/*.test.ts', '**/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/db/**',
                '**/store/sql-*',
                '**/hub/memory-*',
                '**/hub/redis-*',
                '**/quota/*-quota*',
                '**/captcha/**',
                '**/answer/llm/**',
                '**/answer/retrieval/**',
                '**/compose.js',
                '**/main.js',
              ],
              message:
                'Route modules use the ports in AppDeps, not adapters (built in compose.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Benchmarks and command-line tools report on stdout.
    files: ['bench/**/*.ts', '**/*-cli.ts'],
    rules: { 'no-console': 'off' },
  },
);
