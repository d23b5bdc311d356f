/**
 * Where the server finds its own files (the committed migrations) and the repository's (the
 * default data folder and the built widget), whether it runs from its TypeScript sources or from
 * the production build.
 *
 * The paths are taken relative to this module's own address, which is one folder below the
 * package in both cases: `packages/server/src/paths.ts` from the sources, and
 * `packages/server/dist/<file>.js` in the build, where scripts/build.ts bundles this module into
 * files written directly in `dist/` (never in a subfolder; the build checks it).
 *
 * @packageDocumentation
 */
import { fileURLToPath } from 'node:url';

/** The repository root (three levels above this file), with a trailing separator. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The committed migrations (`packages/server/drizzle`). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));
