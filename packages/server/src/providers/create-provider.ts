/**
 * The connectors the configuration names (config/connectors.ts `connectors`: the one of CASHDESK_PROVIDER and
 * those of CONNECTORS): the in-process sandbox, a PSP speaking the provider protocol over HTTP,
 * or the asynchronous reference PSP. Production never gets a sandbox unless the operator allowed
 * it explicitly (loadConfig refuses otherwise). The sandbox keeps its state in the server's
 * database, so that every server process sees the same payments.
 *
 * @packageDocumentation
 */
import type { ConnectorConfig, ServerConfig } from '../config';
import type { Database } from '../db/open';
import { AsyncPspProvider } from './async-psp/async-psp-provider';
import { ConnectorRegistry } from './connectors';
import { HttpPaymentProvider } from './http/http-provider';
import type { PaymentProvider } from './payment-provider';
import { DatabaseSandboxStore } from './sandbox/database-store';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** The address a connector's PSP sends its webhooks to. */
export function webhookUrl(publicUrl: string, connector: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/providers/${encodeURIComponent(connector)}/webhook`;
}

/** Builds one configured connector's provider. */
function createProvider(
  config: Pick<ServerConfig, 'publicUrl' | 'payments'>,
  connector: ConnectorConfig,
  db: Database,
): PaymentProvider {
  switch (connector.kind) {
    case 'sandbox':
      return new SandboxProvider({
        baseUrl: config.publicUrl,
        store: new DatabaseSandboxStore(db),
      });
    case 'http':
      return new HttpPaymentProvider({
        baseUrl: connector.url,
        timeoutMs: config.payments.providerTimeoutMs,
        ...(connector.apiKey === undefined ? {} : { apiKey: connector.apiKey }),
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

/** Builds every configured connector; the sandbox keeps its state in `db`. */
export function createConnectors(
  config: Pick<ServerConfig, 'publicUrl' | 'payments' | 'connectors'>,
  db: Database,
): ConnectorRegistry {
  return new ConnectorRegistry(
    config.connectors.list.map((connector) => ({
      name: connector.name,
      provider: createProvider(config, connector, db),
    })),
    config.connectors.defaultName,
  );
}
