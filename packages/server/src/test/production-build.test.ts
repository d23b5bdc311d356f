/**
 * The production build (scripts/build.ts) loads nothing at run time that a production
 * install (`npm ci --omit=dev`) leaves out: every npm package the bundle imports is a dependency
 * of the server or of the workspace packages it bundles, never a dev dependency such as tsx.
 * Building takes well under a second, so it is built here into a folder of its own; the built
 * server is run as a process by e2e/production-server.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as z from 'zod';
import { PACKAGE_DIR, buildServer, esmSpecifier } from '../../scripts/build';
import type { BuildReport } from '../../scripts/build';

const Manifest = z.object({
  name: z.string(),
  dependencies: z.record(z.string(), z.string()).default({}),
});

function manifest(dir: string): z.output<typeof Manifest> {
  return Manifest.parse(JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')));
}

/** The npm packages a production install of the server provides (workspace packages followed). */
function productionPackages(): Set<string> {
  const found = new Set<string>();
  const visit = (dir: string) => {
    for (const name of Object.keys(manifest(dir).dependencies)) {
      if (name.startsWith('@cashdesk/')) visit(path.join(PACKAGE_DIR, '..', name.slice(10)));
      else found.add(name);
    }
  };
  visit(PACKAGE_DIR);
  return found;
}

let outdir = '';
let report: BuildReport;

beforeAll(async () => {
  outdir = await mkdtemp(path.join(tmpdir(), 'cashdesk-build-'));
  report = await buildServer(outdir);
});

afterAll(async () => {
  await rm(outdir, { recursive: true, force: true });
});

describe('the production build', () => {
  it('writes the server and every operator command (migrate, webhooks, operator, session, staff), every file directly in its folder', async () => {
    const names = report.files.map((file) => file.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'main.js',
        'migrate.js',
        'webhooks.js',
        'operator.js',
        'session.js',
        'staff.js',
      ]),
    );
    expect(names.every((name) => !name.includes('/'))).toBe(true);
    expect((await readdir(outdir)).sort()).toEqual([...names].sort());
  });

  it('loads only production dependencies at run time, never tsx, TypeScript or a workspace source', async () => {
    const allowed = productionPackages();
    expect(report.externalPackages.filter((name) => !allowed.has(name))).toEqual([]);
    expect(report.externalPackages).toEqual(
      expect.arrayContaining(['@electric-sql/pglite', 'fastify', 'pg', 'prom-client']),
    );
    const code = await Promise.all(
      report.files
        .filter((file) => file.name.endsWith('.js'))
        .map((file) => readFile(path.join(outdir, file.name), 'utf8')),
    );
    for (const text of code) {
      expect(text).not.toMatch(/from ["'](tsx|typescript|@cashdesk\/[a-z]+)["']/);
    }
  });

  it('bundles nothing of the testkit: the simulators and the webhook receiver are never shipped', async () => {
    const SourceMap = z.object({ sources: z.array(z.string()) });
    const sources = (
      await Promise.all(
        report.files
          .filter((file) => file.name.endsWith('.js.map'))
          .map(async (file) => {
            const map: unknown = JSON.parse(await readFile(path.join(outdir, file.name), 'utf8'));
            return SourceMap.parse(map).sources;
          }),
      )
    ).flat();
    expect(sources.some((source) => source.includes('packages/server/src/'))).toBe(true);
    expect(sources.filter((source) => source.includes('packages/testkit/'))).toEqual([]);
  });

  it('names a subpath of a package without an exports map by its file, as Node ESM needs', () => {
    const importer = path.join(PACKAGE_DIR, '..', 'domain', 'src', 'index.ts');
    expect(esmSpecifier('dayjs/plugin/utc', importer)).toBe('dayjs/plugin/utc.js');
    expect(esmSpecifier('drizzle-orm/pglite', importer)).toBe('drizzle-orm/pglite');
    expect(esmSpecifier('zod/mini', importer)).toBe('zod/mini');
    expect(esmSpecifier('pg', importer)).toBe('pg');
  });
});
