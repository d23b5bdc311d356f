/**
 * Fails when the schema (src/db/schema/) has changes that no committed migration in drizzle/
 * covers.
 * drizzle-kit has no dry run, so this generates into a temporary copy of drizzle/ and checks
 * that nothing new appeared. It also runs `drizzle-kit check` (consistency of the committed
 * migration history).
 *
 * `npx tsx packages/server/src/db/check-migrations.ts` (exit 0: up to date; 1: run
 * `npm run db:generate -w @cashdesk/server` and commit the result).
 *
 * @packageDocumentation
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const MIGRATIONS_DIR = path.join(PACKAGE_DIR, 'drizzle');
const DRIZZLE_KIT = path.join(PACKAGE_DIR, '../../node_modules/drizzle-kit/bin.cjs');

function sqlFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

function drizzleKit(args: readonly string[]): number {
  const result = spawnSync(process.execPath, [DRIZZLE_KIT, ...args], {
    cwd: PACKAGE_DIR,
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

function main(): number {
  if (drizzleKit(['check']) !== 0) {
    process.stderr.write('drizzle-kit check found inconsistent migrations in drizzle/\n');
    return 1;
  }
  const scratch = mkdtempSync(path.join(tmpdir(), 'cashdesk-migrations-'));
  try {
    cpSync(MIGRATIONS_DIR, scratch, { recursive: true });
    const before = new Set(sqlFiles(scratch));
    // drizzle-kit only takes a relative --out (it prefixes "./").
    const out = path.relative(PACKAGE_DIR, scratch);
    const status = drizzleKit([
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      out,
    ]);
    if (status !== 0) return status;
    const added = sqlFiles(scratch).filter((name) => !before.has(name));
    if (added.length > 0) {
      process.stderr.write(
        `src/db/schema/ has changes without a migration (drizzle-kit would write ${added.join(', ')}).\n` +
          'Run `npm run db:generate -w @cashdesk/server` and commit drizzle/.\n',
      );
      return 1;
    }
    process.stdout.write('drizzle/ is up to date with src/db/schema/\n');
    return 0;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

process.exit(main());
