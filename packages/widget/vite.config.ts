import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The widget is served by the cashier-service at the site root (its routes are /deposit,
 * /withdrawal, ...), so the base is '/'. The manifest lets bench/widget.ts work out which chunks
 * the first paint of /deposit needs.
 */
export default defineConfig({
  plugins: [react()],
  base: '/',
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 4096,
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/sandbox': 'http://127.0.0.1:8080',
      '/metadata': 'http://127.0.0.1:8080',
      '/content': 'http://127.0.0.1:8080',
    },
  },
});
