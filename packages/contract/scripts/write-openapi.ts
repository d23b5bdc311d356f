/// <reference types="node" />
/**
 * Writes packages/contract/openapi.json from the contract (`npm run openapi -w
 * @cashdesk/contract`). With --check it writes nothing and exits 1 when the file is out of date,
 * which is how CI keeps the checked-in document honest (the unit test openapi.test.ts checks
 * the same, ignoring formatting).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { buildOpenApiDocument, serializeOpenApiDocument } from '../src/openapi';

const target = fileURLToPath(new URL('../openapi.json', import.meta.url));
// Formatted the way the repository's Prettier formats JSON, so `prettier --check .` and this
// script agree on the file; the key order is the document's own (stable by construction).
const options = await prettier.resolveConfig(target);
const expected = await prettier.format(serializeOpenApiDocument(buildOpenApiDocument()), {
  ...options,
  filepath: target,
});

async function readCurrent(): Promise<string | null> {
  try {
    return await readFile(target, 'utf8');
  } catch {
    return null;
  }
}

if (process.argv.includes('--check')) {
  const current = await readCurrent();
  if (current !== expected) {
    process.stderr.write(
      `${target} is out of date with the contract. Run: npm run openapi -w @cashdesk/contract\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${target} is up to date.\n`);
} else {
  await writeFile(target, expected, 'utf8');
  process.stdout.write(`Wrote ${target}\n`);
}
