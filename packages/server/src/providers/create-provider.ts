/**
 * The connectors the configuration names (config/connectors.ts `connectors`: the one of CASHDESK_PROVIDER and
 * those of CONNECTORS): the in-process sandbox, a PSP speaking the provider protocol over HTTP,
 * the asynchronous reference PSP, or a connector module built on `@cashdesk/connector-kit`
 * (./module-connector.ts). Production never gets a sandbox unless the operator allowed
 * it explicitly (loadConfig refuses otherwise). The sandbox keeps its state in the server's
 * database, so that every server process sees the same payments.
 *
 * @packageDocumentation
 */
import type { ConnectorLog } from '@cashdesk/connector-kit';
import type { ConnectorConfig, ServerConfig } from '../config';
import type { Database } from '../db/open';
import { AsyncPspProvider } from './async-psp/async-psp-provider';
import { ConnectorRegistry } from './connectors';
import { HttpPaymentProvider } from './http/http-provider';
import { loadModuleConnector } from './module-connector';
import type { PaymentProvider } from './payment-provider';
import { DatabaseSandboxStore } from './sandbox/database-store';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** The address a connector's PSP sends its webhooks to. */
export function webhookUrl(publicUrl: string, connector: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/providers/${encodeURIComponent(connector)}/webhook`;
}

/** Where a module connector logs: the server's logger, with the connector's name. */
export interface ConnectorLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/** The kit's {@link ConnectorLog} on the server's logger, each line naming the connector. */
function connectorLog(logger: ConnectorLogger, connector: string): ConnectorLog {
  const line =
    (level: 'info' | 'warn' | 'error') =>
    (message: string, fields: Readonly<Record<string, unknown>> = {}): void => {
      logger[level]({ ...fields, connector }, message);
    };
  return { info: line('info'), warn: line('warn'), error: line('error') };
}

/** Builds one configured connector's provider. */
async function createProvider(
  config: Pick<ServerConfig, 'publicUrl' | 'payments'>,
  connector: ConnectorConfig,
  db: Database,
  logger: ConnectorLogger,
): Promise<PaymentProvider> {
  switch (connector.kind) {
    case 'sandbox':
      return new SandboxProvider({
        baseUrl: config.publicUrl,
        store: new DatabaseSandboxStore(db),
      });
    case 'http':
      return new HttpPaymentProvider({
        name: connector.name,
        baseUrl: connector.url,
        timeoutMs: config.payments.providerTimeoutMs,
        ...(connector.apiKey === undefined ? {} : { apiKey: connector.apiKey }),
        webhookSecrets: connector.webhookSecrets,
      });
    case 'module':
      return loadModuleConnector({
        name: connector.name,
        module: connector.module,
        settings: connector.settings,
        publicUrl: config.publicUrl,
        log: connectorLog(logger, connector.name),
      });
    case 'async-psp':
      return new AsyncPspProvider({
        baseUrl: connector.url,
        apiKey: connector.apiKey,
        webhookSecrets: connector.webhookSecrets,
        notificationUrl: webhookUrl(config.publicUrl, connector.name),
        timeoutMs: config.payments.providerTimeoutMs,
      });
  }
}

/**
 * Builds every configured connector; the sandbox keeps its state in `db`, module connectors log
 * through `logger`.
 *
 * @throws {ConnectorModuleError} when a module connector cannot be loaded (module-connector.ts).
 */
export async function createConnectors(
  config: Pick<ServerConfig, 'publicUrl' | 'payments' | 'connectors'>,
  db: Database,
  logger: ConnectorLogger,
): Promise<ConnectorRegistry> {
  const connectors = [];
  for (const connector of config.connectors.list) {
    connectors.push({
      name: connector.name,
      provider: await createProvider(config, connector, db, logger),
    });
  }
  return new ConnectorRegistry(connectors, config.connectors.defaultName);
}
