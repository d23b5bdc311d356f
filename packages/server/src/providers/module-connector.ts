/**
 * Loads a connector module (`CONNECTOR_<NAME>_KIND=module`): the package or file
 * `CONNECTOR_<NAME>_MODULE` names, whose default export is a `@cashdesk/connector-kit`
 * `defineConnector(…)`. A package name is resolved as Node resolves it from the server's install
 * (the connector is installed beside the server, `npm install <package>`); an absolute path is
 * loaded as a file. The server refuses to start, with one line naming the connector, when the
 * module is not found or fails to load, when it is no connector or was built for another major
 * version of the kit, when `create()` throws, and when the provider it returns is not one.
 *
 * @packageDocumentation
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connectorModuleProblem, isConnectorModule } from '@cashdesk/connector-kit';
import type { ConnectorLog, PaymentProvider } from '@cashdesk/connector-kit';

/** A connector module the server cannot run: the message is the one line printed at start. */
export class ConnectorModuleError extends Error {
  override readonly name = 'ConnectorModuleError';
}

/** What {@link loadModuleConnector} needs. */
export interface ModuleConnectorInput {
  readonly name: string;
  /** A package name or an absolute path (CONNECTOR_<NAME>_MODULE). */
  readonly module: string;
  readonly settings: Readonly<Record<string, string>>;
  readonly publicUrl: string;
  readonly log: ConnectorLog;
}

/** Whether an import failed because the module (not one of its own imports) does not exist. */
function notFound(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code: unknown = Reflect.get(error, 'code');
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/** The first line of an error's message (never its stack). */
function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? '';
}

const PROVIDER_METHODS = [
  'authorizeDeposit',
  'complete3ds',
  'status',
  'lookup',
  'payout',
  'recordReceipt',
  'cancelPayout',
] as const;

/** Why `value` is not a provider named `name`, or `undefined`. */
function providerProblem(value: unknown, name: string): string | undefined {
  if (typeof value !== 'object' || value === null) return 'create() returned no provider';
  const missing = PROVIDER_METHODS.filter(
    (method) => typeof Reflect.get(value, method) !== 'function',
  );
  if (missing.length > 0) return `create() returned a provider without ${missing.join(', ')}`;
  const given: unknown = Reflect.get(value, 'name');
  if (given !== name) {
    return `create() returned a provider named ${JSON.stringify(given)}, not "${name}" (use options.name)`;
  }
  return undefined;
}

/** Whether `value` is a provider named `name` ({@link providerProblem}). */
function isProvider(value: unknown, name: string): value is PaymentProvider {
  return providerProblem(value, name) === undefined;
}

/**
 * Imports the module, checks it and builds its provider (see the module comment).
 *
 * @throws {ConnectorModuleError} with a one-line message naming the connector.
 */
export async function loadModuleConnector(input: ModuleConnectorInput): Promise<PaymentProvider> {
  const where = `connector "${input.name}" (CONNECTOR_…_MODULE=${input.module})`;
  const specifier = isAbsolute(input.module) ? pathToFileURL(input.module).href : input.module;
  let loaded: unknown;
  try {
    loaded = await import(specifier);
  } catch (error) {
    throw new ConnectorModuleError(
      notFound(error) && firstLine(error).includes(input.module)
        ? `${where}: module not found; install the connector's package beside the server or give the absolute path of its module`
        : `${where}: the module failed to load: ${firstLine(error)}`,
    );
  }
  const exported: unknown =
    typeof loaded === 'object' && loaded !== null ? Reflect.get(loaded, 'default') : undefined;
  if (!isConnectorModule(exported)) {
    throw new ConnectorModuleError(`${where}: ${String(connectorModuleProblem(exported))}`);
  }
  let provider: unknown;
  try {
    provider = exported.create({
      name: input.name,
      settings: input.settings,
      publicUrl: input.publicUrl.replace(/\/+$/, ''),
      log: input.log,
    });
  } catch (error) {
    throw new ConnectorModuleError(`${where}: create() failed: ${firstLine(error)}`);
  }
  if (!isProvider(provider, input.name)) {
    throw new ConnectorModuleError(`${where}: ${String(providerProblem(provider, input.name))}`);
  }
  return provider;
}
