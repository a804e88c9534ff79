import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { visualizer } from 'rollup-plugin-visualizer';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The contract's browser face: its plain values and types, none of its schemas (no TypeBox).
const contract = fileURLToPath(new URL('../contract/src/browser.ts', import.meta.url));
// The staff console's face of it (plain values, types), imported by the console's chunk only.
const staffContract = fileURLToPath(new URL('../contract/src/staff/browser.ts', import.meta.url));
const api = process.env.SUPERSTEWARD_API ?? 'http://localhost:3000';

/**
 * Vite's helper for `import()` (preload a lazy chunk's imports and style sheets alongside it) in
 * fewer bytes, as it sits in the passenger's first load: it leaves out what this app does not use
 * (a base other than '/', CSP nonces, the 'vite:preloadError' event, looking for a tag the page
 * already has: preloading a module the page has is a no-op). A style sheet that fails to load
 * fails the import, as with Vite's.
 */
const PRELOAD_HELPER = `const seen = {};
export const __vitePreload = (load, deps) =>
  Promise.all(
    (deps || []).map(
      (dep) =>
        (seen[dep] ??= new Promise((loaded, failed) => {
          const link = document.createElement('link');
          link.href = '/' + dep;
          if (dep.endsWith('.css')) {
            link.rel = 'stylesheet';
            link.onload = loaded;
            link.onerror = () => failed(new Error('Unable to preload CSS for ' + dep));
          } else {
            link.rel = 'modulepreload';
            loaded();
          }
          document.head.append(link);
        })),
    ),
  ).then(load);`;

function smallPreloadHelper(): Plugin {
  return {
    name: 'supersteward:small-preload-helper',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      return id === '\0vite/preload-helper.js' ? PRELOAD_HELPER : undefined;
    },
  };
}

export default defineConfig({
  plugins: [
    smallPreloadHelper(),
    react(),
    tailwindcss(),
    // Brotli (best quality) and gzip files beside every text asset, made once at build time: the
    // server picks one by Accept-Encoding (@fastify/static preCompressed) instead of compressing
    // per request. Every text file gets both, however small, so each is served compressed.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 0,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
    // What each chunk is made of, outside dist (never served): stats/bundle.html to look at
    // (sizes as brotli), stats/bundle.json for e2e/first-load.spec.ts, which checks that the
    // passenger's first load holds no module it does not need.
    visualizer({ filename: 'stats/bundle.html', template: 'treemap', brotliSize: true }),
    visualizer({ filename: 'stats/bundle.json', template: 'raw-data', brotliSize: true }),
  ],
  resolve: {
    // Exact matches: a plain string alias would also rewrite '@supersteward/contract/staff'.
    alias: [
      { find: /^@supersteward\/contract$/, replacement: contract },
      { find: /^@supersteward\/contract\/staff$/, replacement: staffContract },
    ],
  },
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
    // Every browser the app supports preloads modules itself: no polyfill in the first load.
    modulePreload: { polyfill: false },
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
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|zustand)[\\/]/,
            },
            {
              // The app's state and clients, shared by the chat and its lazy screens (the staff
              // console too): one chunk of the first load rather than one small chunk per
              // combination of users. Not the thread list's grouping: only the sidebar, a lazy
              // chunk, uses it.
              name: 'state',
              test: /[\\/]src[\\/](api[\\/]client|app[\\/](services|servicesContext|icons)|features[\\/][^\\/]+[\\/]([a-z]+Store|storage|language|streaming|loadMarkdown)|constants)\.tsx?$/,
            },
          ],
        },
      },
    },
  },
});
