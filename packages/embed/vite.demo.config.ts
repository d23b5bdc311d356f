// Builds the demo host page (demo/index.html + demo/main.ts) into demo/dist:
// `npm run build:demo -w @cashdesk/embed`. npm start and the browser tests build it the same way.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  // Relative asset addresses: the page works wherever the host page server mounts it.
  base: './',
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
});
