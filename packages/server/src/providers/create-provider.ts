/**
 * The payment provider the configuration names (CASHDESK_PROVIDER, config.ts): the in-process
 * sandbox, or a PSP speaking the provider protocol over HTTP. Production never gets the sandbox
 * unless the operator allowed it explicitly (loadConfig refuses otherwise). The sandbox keeps its
 * state in the server's database, so that every server process sees the same payments.
 *
 * @packageDocumentation
 */
import type { ServerConfig } from '../config';
import type { Database } from '../db/open';
import { HttpPaymentProvider } from './http/http-provider';
import type { PaymentProvider } from './payment-provider';
import { DatabaseSandboxStore } from './sandbox/database-store';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** Builds the configured provider; the sandbox keeps its state in `db`. */
export function createProvider(config: ServerConfig, db: Database): PaymentProvider {
  switch (config.provider.kind) {
    case 'sandbox':
      return new SandboxProvider({
        baseUrl: config.publicUrl,
        store: new DatabaseSandboxStore(db),
      });
    case 'http':
      return new HttpPaymentProvider({
        baseUrl: config.provider.url,
        timeoutMs: config.payments.providerTimeoutMs,
        ...(config.provider.apiKey === undefined ? {} : { apiKey: config.provider.apiKey }),
      });
  }
}
