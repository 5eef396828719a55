import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/** The console is built into dist/web, which the api process serves at `/`. */
export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  resolve: { alias: { '@': `${root}src` } },
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    // A strict Content-Security-Policy: nothing inlined as a data: script or style.
    assetsInlineLimit: 0,
    sourcemap: false,
    reportCompressedSize: false,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/oauth': 'http://localhost:3000' } },
});
