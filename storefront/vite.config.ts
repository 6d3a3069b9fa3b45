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
      // Texts and input rules the server and the storefront share.
      '@shared': fileURLToPath(new URL('../server/src/common', import.meta.url)),
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
              name: 'shared',
              test: /[\\/](storefront[\\/]src|server[\\/]src[\\/]common)[\\/]/,
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
