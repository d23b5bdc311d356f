/**
 * Loading a connector module (CONNECTOR_<NAME>_KIND=module): the example connector by its package
 * name, and the one-line refusals at start for a module that is missing, built for another major
 * version of the kit, or whose create() throws. The refused modules are files written to a
 * temporary folder for the test and loaded by their absolute path.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_VERSION } from '@cashdesk/connector-kit';
import { startupFailureMessage } from '../startup-failure';
import { ConnectorModuleError, loadModuleConnector } from './module-connector';

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cashdesk-connector-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A module file in the test's folder with `source`; its absolute path. */
async function moduleFile(name: string, source: string): Promise<string> {
  const path = join(folder, `${name}.mjs`);
  await writeFile(path, source);
  return path;
}

/** The one line the server prints when loading `module` stops its start. */
async function refusal(module: string, settings: Record<string, string> = {}): Promise<string> {
  const error = await loadModuleConnector({
    name: 'card-psp',
    module,
    settings,
    publicUrl: 'https://cashier.example.test/',
    log,
  }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(ConnectorModuleError);
  const line = startupFailureMessage('Cashdesk server failed to start', error);
  expect(line.trimEnd().split('\n')).toHaveLength(1);
  return line;
}

describe('module connectors (CONNECTOR_<NAME>_KIND=module)', () => {
  it('loads a connector package by its name and builds its provider under the connector name', async () => {
    const provider = await loadModuleConnector({
      name: 'card-psp',
      module: '@example/cashdesk-connector',
      settings: { url: 'http://127.0.0.1:9', webhook_secret: 'a-webhook-secret-1' },
      publicUrl: 'https://cashier.example.test',
      log,
    });
    expect(provider.name).toBe('card-psp');
    expect(provider.webhook).toBeDefined();
    expect(provider.refunds).toBeDefined();
  });

  it('refuses to start when the module is not found', async () => {
    expect(await refusal('@example/no-such-connector')).toContain(
      'connector "card-psp" (CONNECTOR_…_MODULE=@example/no-such-connector): module not found',
    );
    expect(await refusal(join(folder, 'missing.mjs'))).toContain('module not found');
  });

  it('refuses a connector built for another major version of the kit, or no connector at all', async () => {
    const major = Number(KIT_VERSION.split('.')[0]);
    const newer = await moduleFile(
      'newer',
      `export default { kitVersion: '${String(major + 1)}.0.0', create() { return {}; } };`,
    );
    expect(await refusal(newer)).toContain(
      `it was built for connector kit ${String(major + 1)}.0.0, this server runs kit ${KIT_VERSION}`,
    );
    const none = await moduleFile('none', 'export const connector = 1;');
    expect(await refusal(none)).toContain('its default export is not a connector');
  });

  it('refuses to start when create() throws, with its message, or returns no provider', async () => {
    const throwing = await moduleFile(
      'throwing',
      `export default { kitVersion: '${KIT_VERSION}', create() { throw new Error('SETTING_URL: required\\nat line 2'); } };`,
    );
    expect(await refusal(throwing)).toContain('create() failed: SETTING_URL: required');
    expect(await refusal('@example/cashdesk-connector')).toContain(
      "create() failed: SETTING_URL: the PSP's http(s) address is required",
    );
    const empty = await moduleFile(
      'empty',
      `export default { kitVersion: '${KIT_VERSION}', create() { return { name: 'card-psp' }; } };`,
    );
    expect(await refusal(empty)).toContain('create() returned a provider without authorizeDeposit');
  });
});
