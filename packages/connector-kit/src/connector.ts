/**
 * The shape of a connector module: what the server loads when the configuration names a
 * connector of kind `module` (`CONNECTOR_<NAME>_KIND=module`, `CONNECTOR_<NAME>_MODULE=<package
 * or absolute path>`). The module default-exports {@link defineConnector}'s result; the server
 * checks its {@link ConnectorModule.kitVersion} against its own kit's major version, then calls
 * {@link ConnectorModule.create} once at start with the connector's settings
 * (`CONNECTOR_<NAME>_SETTING_<KEY>` variables). See README.md for the version policy.
 *
 * @packageDocumentation
 */
import type { PaymentProvider } from './provider';

/**
 * This kit's version (semantic versioning, README "Version policy"). A connector records the
 * version it was built against ({@link ConnectorModule.kitVersion}); the server loads it when the
 * major versions match.
 */
export const KIT_VERSION = '1.2.0';

/** Where a connector writes what it wants in the server's log (never card data or secrets). */
export interface ConnectorLog {
  info(message: string, fields?: Readonly<Record<string, unknown>>): void;
  warn(message: string, fields?: Readonly<Record<string, unknown>>): void;
  error(message: string, fields?: Readonly<Record<string, unknown>>): void;
}

/** What {@link ConnectorModule.create} receives from the server. */
export interface ConnectorOptions {
  /**
   * The connector's name in the configuration (CONNECTORS): the provider's `name` must be it,
   * and its PSP sends webhooks to `{publicUrl}/api/providers/{name}/webhook`.
   */
  readonly name: string;
  /**
   * The connector's own settings: `CONNECTOR_<NAME>_SETTING_<KEY>=value` becomes
   * `settings[key]`, the key lower-cased (`…_SETTING_API_KEY` → `api_key`). Secrets among them
   * are the connector's to keep out of logs.
   */
  readonly settings: Readonly<Record<string, string>>;
  /** The server's public address (PUBLIC_URL), without a trailing slash. */
  readonly publicUrl: string;
  /** The server's log, under the connector's name. */
  readonly log: ConnectorLog;
}

/** What a connector module default-exports. */
export interface ConnectorModule {
  /** The kit version the connector was built against ({@link KIT_VERSION} at build time). */
  readonly kitVersion: string;
  /**
   * Builds the provider. Called once at the server's start; a throw stops the start with its
   * message (say which setting is missing or wrong, never its value).
   */
  create(options: ConnectorOptions): PaymentProvider;
}

/** A connector module, stamped with this kit's version. Default-export the result. */
export function defineConnector(
  create: (options: ConnectorOptions) => PaymentProvider,
): ConnectorModule {
  return { kitVersion: KIT_VERSION, create };
}

/** The major version of a semantic version ("1.4.2" → 1), or `undefined` for anything else. */
export function majorVersion(version: unknown): number | undefined {
  if (typeof version !== 'string') return undefined;
  const match = /^(\d{1,6})\.\d{1,6}\.\d{1,6}(?:[-+].*)?$/.exec(version);
  return match === null ? undefined : Number(match[1]);
}

/**
 * Why `value` (a module's default export) is no connector this kit can run, or `undefined` when
 * it is one: no `create` function, no kit version, or another major version than this kit's.
 */
export function connectorModuleProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) {
    return 'its default export is not a connector (export default defineConnector(…))';
  }
  if (typeof Reflect.get(value, 'create') !== 'function') {
    return 'its default export has no create() (export default defineConnector(…))';
  }
  const version: unknown = Reflect.get(value, 'kitVersion');
  const major = majorVersion(version);
  if (major === undefined) return 'its default export names no kitVersion';
  const ours = majorVersion(KIT_VERSION);
  if (major !== ours) {
    return `it was built for connector kit ${String(version)}, this server runs kit ${KIT_VERSION} (major ${String(ours)})`;
  }
  return undefined;
}

/** Whether `value` is a connector module this kit can run ({@link connectorModuleProblem}). */
export function isConnectorModule(value: unknown): value is ConnectorModule {
  return connectorModuleProblem(value) === undefined;
}
