import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import type { Plugin } from 'vite';

/**
 * The code the app itself runs on every screen: store, router, i18next, the API slice with the
 * contract's schemas, the shared UI, the form fields shared by the payment flows and the domain
 * rules (with the libraries they import). It is one chunk, downloaded while the first screen's
 * own chunk and texts are (see app/screen-code.ts): on a slow mobile link a few larger downloads
 * finish sooner than many small ones sharing the same bandwidth.
 *
 * Left out, because they load only when a form has a phone field: the phone kinds, the country
 * picker and the country table with the phone rules built on it (sanitising and validating a
 * number need no table and stay in). Barrels (index.ts) are left out too: the app group takes
 * every module a captured module imports, and a barrel would bring all it re-exports.
 */
const APP_CODE = new RegExp(
  [
    String.raw`[\\/]packages[\\/]contract[\\/]`,
    String.raw`[\\/]packages[\\/]domain[\\/]src[\\/](?!countries[\\/]|phone[\\/](?!sanitize|validate)|index\.ts$)`,
    String.raw`[\\/]packages[\\/]widget[\\/]src[\\/](app|api|i18n|ui|host)[\\/]`,
    String.raw`[\\/]packages[\\/]widget[\\/]src[\\/]fields[\\/](?!phone[\\/]|user-phone-visible[\\/]|select-country\.ts$|index\.ts$)`,
  ].join('|'),
);

/**
 * The contract's own modules (not its examples or the widget's texts it reads as data). Their
 * OpenAPI texts (an endpoint's or a schema's description, summary and examples, an error code's
 * description) are for the operators reading the OpenAPI document; the widget never reads them.
 */
const CONTRACT_SOURCE =
  /[\\/]packages[\\/]contract[\\/]src[\\/](?!examples\.ts$|widget-texts\.ts$)[\w/\\-]+\.ts$/;

/** Keys whose text or example list only the OpenAPI document reads. */
const DOC_KEYS = new Set(['description', 'summary', 'examples']);

interface AstNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly [key: string]: unknown;
}

function isNode(value: unknown): value is AstNode {
  return (
    typeof value === 'object' && value !== null && typeof Reflect.get(value, 'type') === 'string'
  );
}

function isText(node: unknown): boolean {
  return (
    isNode(node) &&
    ((node.type === 'Literal' && typeof node.value === 'string') || node.type === 'TemplateLiteral')
  );
}

/** Where a documentation text or example list stands, and what replaces it. */
function docCuts(node: unknown, cuts: [number, number, string][]): void {
  if (Array.isArray(node)) {
    for (const child of node) docCuts(child, cuts);
    return;
  }
  if (!isNode(node)) return;
  const key = node.key;
  if (
    node.type === 'Property' &&
    node.computed !== true &&
    isNode(key) &&
    key.type === 'Identifier'
  ) {
    const name = String(key.name);
    const value = node.value;
    if (DOC_KEYS.has(name) && isNode(value)) {
      if (name === 'examples' && value.type === 'ArrayExpression') {
        cuts.push([value.start, value.end, '[]']);
        return;
      }
      if (name !== 'examples' && isText(value)) {
        cuts.push([value.start, value.end, "''"]);
        return;
      }
    }
  }
  const callee = node.callee;
  const args = node.arguments;
  // z.describe('…') and .describe('…').
  const property = isNode(callee) && callee.type === 'MemberExpression' ? callee.property : null;
  if (
    node.type === 'CallExpression' &&
    isNode(property) &&
    property.name === 'describe' &&
    Array.isArray(args) &&
    args.length === 1 &&
    isText(args[0])
  ) {
    const text: unknown = args[0];
    if (isNode(text)) cuts.push([text.start, text.end, "''"]);
  }
  // errors.ts: define(code, status, messageKey, description).
  if (
    node.type === 'CallExpression' &&
    isNode(callee) &&
    callee.type === 'Identifier' &&
    callee.name === 'define' &&
    Array.isArray(args) &&
    args.length === 4 &&
    isText(args[3])
  ) {
    const last: unknown = args[3];
    if (isNode(last)) cuts.push([last.start, last.end, "''"]);
  }
  for (const [name, child] of Object.entries(node)) {
    if (name !== 'type' && typeof child === 'object') docCuts(child, cuts);
  }
}

/**
 * Drops the contract's OpenAPI texts from the widget's build (docs/decisions/0124): the schemas
 * and the endpoint table stay one owner, and the browser downloads their rules without their
 * prose. Runs after TypeScript is stripped, on the contract's modules only.
 */
function contractDocsOut(): Plugin {
  return {
    name: 'cashdesk:contract-docs-out',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!CONTRACT_SOURCE.test(id)) return null;
      const cuts: [number, number, string][] = [];
      docCuts(this.parse(code), cuts);
      if (cuts.length === 0) return null;
      let out = code;
      for (const [start, end, text] of cuts.sort((a, b) => b[0] - a[0])) {
        out = out.slice(0, start) + text + out.slice(end);
      }
      return { code: out, map: null };
    },
  };
}

/** The texts of one language (i18n/messages.ts): its area files, loaded together. */
const LOCALE_FILE = /[\\/]i18n[\\/]locales[\\/]([a-z]{2})[\\/][^\\/]+\.json$/;

/** The cashier-service the dev server's proxy talks to. */
const API_URL = process.env.CASHDESK_API_URL ?? 'http://127.0.0.1:8080';

/** Files below this size gain nothing from compression once headers are counted (as the server). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every built text file. The
 * cashier-service sends such a copy instead of compressing on the fly (packages/server
 * widget-static.ts, preCompressed), and its on-the-fly brotli is a fast, weak one: the app
 * chunk travels as 132 KB that way and as 112 KB precompressed.
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
 * The widget is served by the cashier-service at the site root (its routes are /deposit,
 * /withdrawal, ...), so the base is '/'. The manifest lets bench/widget.ts work out which chunks
 * the first paint of /deposit needs.
 *
 * Chunks (figures in docs/decisions/0006-chunks-cut-along-what-loads-together.md): the first-paint chunk (everything the entry imports
 * statically, as before), the app chunk ({@link APP_CODE}), one chunk per feature, one texts
 * chunk per language, and the lazy extras (phone kinds, QR code). The stylesheet is one file,
 * fetched with the page, instead of one per chunk fetched while the app loads.
 */
export default defineConfig({
  plugins: [react(), contractDocsOut(), precompress()],
  base: '/',
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 4096,
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Claimed first, so that the app group never takes a module the first paint needs.
            { name: 'index', tags: ['$initial'], priority: 3 },
            {
              name: (id) => {
                const language = LOCALE_FILE.exec(id)?.[1];
                return language === undefined ? null : `messages-${language}`;
              },
              test: LOCALE_FILE,
              priority: 2,
            },
            { name: 'app', test: APP_CODE, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev` serves the widget with hot reload and hands every server path to the local
    // cashier-service (CONTRIBUTING.md): `npm run start -w @cashdesk/server` on port 8080, or
    // the address CASHDESK_API_URL names.
    proxy: {
      '/api': API_URL,
      '/sandbox': API_URL,
      '/metadata': API_URL,
      '/content': API_URL,
    },
  },
});
