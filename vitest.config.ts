import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const staffContract = fileURLToPath(
  new URL('./packages/contract/src/staff/index.ts', import.meta.url),
);
// Exact matches: a plain string alias would also rewrite '@supersteward/contract/staff'.
const alias = [
  { find: /^@supersteward\/contract$/, replacement: contract },
  { find: /^@supersteward\/contract\/staff$/, replacement: staffContract },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['packages/contract/src/**/*.test.ts', 'packages/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
      {
        // Attack, fault and soak suites (robustness/README.md): after the others, so their
        // load and timings are not disturbed by the unit suites (or disturb them).
        resolve: { alias },
        test: {
          name: 'robustness',
          include: ['robustness/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          sequence: { groupOrder: 1 },
          // Mostly waiting (think times, pacing, outages): two files at once use the 2 cores.
          maxWorkers: 2,
        },
      },
    ],
  },
});
