import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress.ts';

const storefrontDir = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

export default defineConfig({
  root: storefrontDir,
  base: '/',
  plugins: [react(), precompress()],
  resolve: {
    alias: {
      // The contract's source rather than its build: the dev server picks up its edits.
      '@zstore/contract': fileURLToPath(new URL('../contract/src', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // Read by the server to preload a page's own chunks with the app's (page-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The app's code that several pages share is one chunk, not one per module: a page
          // loads in two or three requests instead of a dozen on a slow network.
          groups: [
            {
              // Vite's loader of a chunk's dependencies, in a chunk of its own: the entry uses it
              // and must not pull the app's shared code in with it.
              name: 'preload-helper',
              test: /preload-helper/,
              priority: 1,
            },
            {
              name: 'shared',
              test: /[\\/](storefront|contract)[\\/]src[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/sandbox': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
});
