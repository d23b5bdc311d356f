import { readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/** The cashier-service the dev server's proxy talks to. */
const API_URL = process.env.CASHDESK_API_URL ?? 'http://127.0.0.1:8080';

/**
 * The languages the back office has message files for (src/messages/<code>.json): React Aria's
 * own texts (a table's, a select's labels) are kept for these only, not for its 34 languages.
 */
const LANGUAGES = readdirSync(path.join(import.meta.dirname, 'src', 'messages'))
  .filter((name) => name.endsWith('.json'))
  .map((name) => name.slice(0, -'.json'.length));

/** Files below this size gain nothing from compression once headers are counted. */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Writes a brotli and a gzip copy beside every built text file: the cashier-service sends the
 * copy instead of compressing on the fly (packages/server back-office-static.ts, preCompressed),
 * as it does for the widget.
 */
function precompress(): Plugin {
  return {
    name: 'cashdesk:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const names = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < COMPRESS_THRESHOLD_BYTES) return;
          const brotli = brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          });
          await writeFile(`${file}.br`, brotli);
          await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The back office is served by the cashier-service under /back-office (its client routes are
 * /back-office/transactions, ...). Each screen is its own chunk (React.lazy in src/app/routes.tsx);
 * the manifest lets bench/back-office.ts add up what the first screens load.
 */
export default defineConfig({
  plugins: [
    { ...optimizeLocales.vite({ locales: LANGUAGES }), enforce: 'pre' },
    react(),
    precompress(),
  ],
  base: '/back-office/',
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // No inline data: the page's Content-Security-Policy allows scripts and styles from 'self' only.
    assetsInlineLimit: 0,
    cssCodeSplit: false,
    // Every browser the back office supports preloads modules itself.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': API_URL, '/sandbox': API_URL },
  },
});
