/**
 * The server's production build: `npm run build -w @cashdesk/server` (and the root `npm run
 * build`) bundles `src/main.ts`, `src/migrate.ts` and the operator commands (`src/cli/`) with
 * esbuild into `packages/server/dist/`,
 * so that `node packages/server/dist/main.js` runs the server with the production dependencies
 * only: no tsx, no TypeScript.
 *
 * - The workspace packages @cashdesk/domain and @cashdesk/contract publish their TypeScript
 *   sources (`exports: ./src/index.ts`): they are bundled in, so Node never has to load a `.ts`.
 * - Every npm package stays external and is loaded from node_modules at run time: PGlite finds
 *   its WebAssembly and data files beside its own modules, pino its transports, and a security
 *   fix of a dependency needs `npm ci`, not a new build.
 * - Every output file is written directly in `dist/` (shared chunks too), one folder below the
 *   package like `src/paths.ts`, whose paths to the migrations and the repository hold from both
 *   places; the build fails if a file lands elsewhere.
 * - Source maps are written beside the files: `NODE_OPTIONS=--enable-source-maps` makes stack
 *   traces name the TypeScript lines.
 *
 * @packageDocumentation
 */
import { readFileSync, rmSync } from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import type { Plugin } from 'esbuild';

/** The server package. */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Where the build is written. */
export const DIST_DIR = path.join(PACKAGE_DIR, 'dist');

/** The commands of the build: output name → source. */
export const ENTRY_POINTS: Readonly<Record<string, string>> = {
  main: path.join(PACKAGE_DIR, 'src', 'main.ts'),
  migrate: path.join(PACKAGE_DIR, 'src', 'migrate.ts'),
  // The operator's commands run where the server runs: from the build, with Node alone.
  webhooks: path.join(PACKAGE_DIR, 'src', 'cli', 'webhooks.ts'),
  operator: path.join(PACKAGE_DIR, 'src', 'cli', 'operator.ts'),
  session: path.join(PACKAGE_DIR, 'src', 'cli', 'create-session.ts'),
  staff: path.join(PACKAGE_DIR, 'src', 'cli', 'staff.ts'),
};

/** Workspace packages, bundled from their sources. */
const WORKSPACE_SCOPE = '@cashdesk/';

/** The package a bare import names: `pg`, `drizzle-orm/pglite` → `drizzle-orm`, `@a/b/c` → `@a/b`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** What {@link buildServer} did. */
export interface BuildReport {
  /** Every file written, relative to the output folder, with its size. */
  readonly files: readonly { readonly name: string; readonly bytes: number }[];
  /** The npm packages the build loads at run time (Node built-ins left out), sorted. */
  readonly externalPackages: readonly string[];
  readonly milliseconds: number;
}

/**
 * How Node's ESM loader must name a module that a bundler finds by CommonJS rules. A package
 * with an `exports` map is named as written (the map resolves it). A subpath of a package
 * without one must name its file exactly, extension included: `dayjs/plugin/utc` becomes
 * `dayjs/plugin/utc.js`, the file CommonJS resolution finds from `importer`.
 */
export function esmSpecifier(specifier: string, importer: string): string {
  const name = packageNameOf(specifier);
  if (specifier === name) return specifier;
  const require = createRequire(importer);
  let manifest: string;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    // Its `exports` map hides package.json: the map resolves the subpath.
    return specifier;
  }
  const fields: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  if (typeof fields === 'object' && fields !== null && 'exports' in fields) return specifier;
  const file = path.relative(path.dirname(manifest), require.resolve(specifier));
  return `${name}/${file.split(path.sep).join('/')}`;
}

/** Keeps npm packages (and Node built-ins) out of the bundle, and notes which ones it meets. */
function npmPackagesExternal(seen: Set<string>): Plugin {
  return {
    name: 'npm-packages-external',
    setup(pluginBuild) {
      // Bare specifiers only: relative and absolute paths are the server's own files.
      pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
        if (args.path.startsWith(WORKSPACE_SCOPE)) return undefined;
        if (isBuiltin(args.path)) return { path: args.path, external: true };
        seen.add(packageNameOf(args.path));
        return { path: esmSpecifier(args.path, args.importer), external: true };
      });
    },
  };
}

/**
 * Builds the server into `outdir` (default {@link DIST_DIR}), emptied first; `entryPoints`
 * (default {@link ENTRY_POINTS}) name the commands, output name → source.
 *
 * @throws when esbuild fails or writes a file outside `outdir` itself.
 */
export async function buildServer(
  outdir: string = DIST_DIR,
  entryPoints: Readonly<Record<string, string>> = ENTRY_POINTS,
): Promise<BuildReport> {
  const started = performance.now();
  rmSync(outdir, { recursive: true, force: true });
  const externals = new Set<string>();
  const result = await build({
    entryPoints: { ...entryPoints },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    splitting: true,
    // Shared code beside the entry files, not in a subfolder (see the module comment).
    chunkNames: '[name]-[hash]',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal(externals)],
  });
  const files = Object.entries(result.metafile.outputs).map(([file, output]) => ({
    name: path.relative(outdir, path.resolve(file)),
    bytes: output.bytes,
  }));
  const misplaced = files.filter((file) => path.dirname(file.name) !== '.');
  if (misplaced.length > 0) {
    throw new Error(
      `the build wrote files outside ${outdir} itself, where src/paths.ts would not hold: ${misplaced.map((file) => file.name).join(', ')}`,
    );
  }
  return {
    files: files.sort((a, b) => a.name.localeCompare(b.name)),
    externalPackages: [...externals].sort(),
    milliseconds: performance.now() - started,
  };
}

async function main(): Promise<void> {
  const report = await buildServer();
  const code = report.files.filter((file) => !file.name.endsWith('.map'));
  const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  process.stdout.write(
    `Built the server into ${path.relative(process.cwd(), DIST_DIR) || DIST_DIR} in ${report.milliseconds.toFixed(0)} ms:\n` +
      code.map((file) => `  ${file.name}  ${kilobytes(file.bytes)}\n`).join('') +
      `  npm packages loaded at run time: ${report.externalPackages.join(', ')}\n`,
  );
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `The server build failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
