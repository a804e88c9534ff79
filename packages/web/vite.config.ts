import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const contract = fileURLToPath(new URL('../contract/src/index.ts', import.meta.url));
const api = process.env.SUPERSTEWARD_API ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@supersteward/contract': contract } },
  server: {
    proxy: {
      '/assistant': api,
      '/user': api,
      '/api': api,
      '/ws': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      // The contract builds its TypeBox schemas at module level; the web app uses only its types
      // and a few constants, so schema construction is declared pure and shaken out.
      treeshake: { manualPureFunctions: ['Type'] },
      output: {
        // The framework every page needs, cached apart from the app's own code.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
