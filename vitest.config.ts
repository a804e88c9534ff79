import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const contract = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));

export default defineConfig({
  resolve: { alias: { '@supersteward/contract': contract } },
  test: {
    projects: [
      {
        resolve: { alias: { '@supersteward/contract': contract } },
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
        resolve: { alias: { '@supersteward/contract': contract } },
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
