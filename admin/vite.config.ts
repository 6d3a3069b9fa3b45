import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/vite-precompress.ts';

const adminDir = fileURLToPath(new URL('.', import.meta.url));
const apiOrigin = 'http://127.0.0.1:3000';

export default defineConfig({
  root: adminDir,
  base: '/admin/',
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
    rolldownOptions: {
      output: {
        // Libraries every page needs get chunks of their own, cached across console releases.
        // react-admin and MUI stay split per page: a group would load all of them on sign-in.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'emotion', test: /node_modules[\\/]@emotion[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
  preview: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
});
