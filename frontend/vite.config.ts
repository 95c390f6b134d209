import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, routeChunks } from './build/first-view';
import { prerenderPages } from './build/prerender';

// Commands run from the workspace root (`vite build -c frontend/vite.config.ts`), so every path
// is anchored on this file rather than on the working directory.
const root = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

// The gateway (standalone app) listens on 3000 in development and serves /api/*.
const apiProxy = {
  '/api': { target: 'http://localhost:3000', changeOrigin: true },
};

export default defineConfig({
  root,
  publicDir: 'public',
  plugins: [react(), routeChunks(root), precompress(outDir, () => prerenderPages(root, outDir))],
  server: { port: 5173, proxy: apiProxy },
  preview: { port: 4173, proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps stay in dist for debugging, unreferenced from the bundles; the gateway never serves them.
    sourcemap: 'hidden',
    // antd is one large vendor chunk; keep the limit honest rather than silencing it.
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks for libraries every page needs. antd is left to automatic
        // splitting so components used by only one page load with that page.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Icons are tiny modules: one chunk for all of them costs less than a request each
            // (each answer's headers alone outweigh an icon).
            { name: 'icons', test: /node_modules[\\/]@ant-design[\\/]icons(-svg)?[\\/]/ },
            {
              name: 'redux',
              test: /node_modules[\\/](@reduxjs|redux|react-redux|immer|reselect)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
