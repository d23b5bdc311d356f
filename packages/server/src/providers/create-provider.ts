/**
 * The payment provider the configuration names (CASHDESK_PROVIDER, config.ts): the in-process
 * sandbox, or a PSP speaking the provider protocol over HTTP. Production never gets the sandbox
 * unless the operator allowed it explicitly (loadConfig refuses otherwise).
 *
 * @packageDocumentation
 */
import type { ServerConfig } from '../config';
import type { PaymentProvider } from './payment-provider';
import { SandboxProvider } from './sandbox/sandbox-provider';

/** Builds the configured provider. */
export function createProvider(config: ServerConfig): PaymentProvider {
  switch (config.provider.kind) {
    case 'sandbox':
      return new SandboxProvider({ baseUrl: config.publicUrl });
    case 'http':
      throw new Error('CASHDESK_PROVIDER=http: the HTTP connector is not part of this build yet');
  }
}
