/**
 * The payment provider the configuration names (CASHDESK_PROVIDER, config.ts): the in-process
 * sandbox, or a PSP speaking the provider protocol over HTTP. Production never gets the sandbox
 * unless the operator allowed it explicitly (loadConfig refuses otherwise).
 *
 * @packageDocumentation
 */
import type { ServerConfig } from '../config';
import { HttpPaymentProvider } from './http/http-provider';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** Builds the configured provider. */
export function createProvider(config: ServerConfig): PaymentProvider {
  switch (config.provider.kind) {
    case 'sandbox':
      return new SandboxProvider({ baseUrl: config.publicUrl });
    case 'http':
      return new HttpPaymentProvider({
        baseUrl: config.provider.url,
        timeoutMs: config.payments.providerTimeoutMs,
        ...(config.provider.apiKey === undefined ? {} : { apiKey: config.provider.apiKey }),
      });
  }
}
