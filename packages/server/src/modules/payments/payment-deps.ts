/**
 * What the payment code needs (the database, the connectors, the wallet, the clock, the log and
 * the metrics) and how it calls a provider: at the transaction's connector, under
 * PROVIDER_TIMEOUT_MS. The durable state machine around the calls that charge or pay is
 * provider-calls.ts.
 *
 * @packageDocumentation
 */
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/open';
import type { Clock } from '../../http/app-types';
import type {
  NewCardInput,
  PaymentProvider,
  ProviderCallOptions,
  WalletTokenInput,
} from '../../providers';
import type { ConnectorRegistry } from '../../providers/connectors';
import type { PaymentMetrics, ProviderCallOutcome, ProviderOperation } from '../../http/telemetry';
import type { WalletService } from '../wallet';
import { failedCallOutcome } from './payment-metrics';
import type { TransactionRow } from './transaction-repository';

/** What the pipeline needs. */
export interface PaymentDeps {
  readonly db: Database;
  /** The providers by connector; a transaction's calls go to the connector it was sent to. */
  readonly connectors: ConnectorRegistry;
  /** Where the money is kept (modules/wallet/wallet.ts). */
  readonly wallet: WalletService;
  readonly config: Pick<ServerConfig, 'payments'>;
  readonly clock: Clock;
  readonly log?: PaymentLog | undefined;
  /** The app's metrics (payment-metrics.ts); nothing is counted without. */
  readonly metrics?: PaymentMetrics | undefined;
}

/** The log lines of the pipeline (a pino or Fastify logger fits). */
export interface PaymentLog {
  info(object: Record<string, unknown>, message: string): void;
  warn(object: Record<string, unknown>, message: string): void;
}

/**
 * The provider a transaction's calls go to: the connector it was created with (the default one
 * for a row of an earlier version, which has none).
 *
 * @throws {UnknownConnectorError} when that connector is no longer configured (the call fails
 *   like an unanswered one and is tried again once it is back).
 */
export function providerOf(
  deps: Pick<PaymentDeps, 'connectors'>,
  row: Pick<TransactionRow, 'connector'>,
): PaymentProvider {
  return deps.connectors.provider(row.connector);
}

/** A provider call given up after the configured time-out: its outcome is unknown. */
export class ProviderTimeoutError extends Error {
  override readonly name = 'ProviderTimeoutError';
}

/**
 * Runs a provider call under PROVIDER_TIMEOUT_MS: its abort signal fires then and the call counts
 * as unanswered (the provider may still have acted on it). Its duration and how it ended are
 * reported to the metrics as `operation`.
 *
 * @throws {ProviderTimeoutError} after the time-out; whatever the call throws.
 */
export async function withProviderTimeout<T>(
  deps: Pick<PaymentDeps, 'config' | 'metrics'>,
  operation: ProviderOperation,
  run: (options: ProviderCallOptions) => Promise<T>,
  connector?: string,
): Promise<T> {
  const controller = new AbortController();
  const timeoutMs = deps.config.payments.providerTimeoutMs;
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  // An object, not a let: the flag changes in a callback, out of sight of type narrowing.
  const deadline = { expired: false };
  const timedOut = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      deadline.expired = true;
      // Rejected before the abort: a call that gives up on its signal at once must not win the
      // race with its own abort error.
      reject(
        new ProviderTimeoutError(`no answer from the provider within ${String(timeoutMs)} ms`),
      );
      controller.abort();
    }, timeoutMs);
  });
  let outcome: ProviderCallOutcome = 'ok';
  try {
    return await Promise.race([run({ signal: controller.signal }), timedOut]);
  } catch (error) {
    outcome = deadline.expired ? 'timeout' : failedCallOutcome(error);
    throw error;
  } finally {
    clearTimeout(timer);
    deps.metrics?.providerCall(
      operation,
      (performance.now() - started) / 1000,
      outcome,
      ...(connector === undefined ? [] : [connector]),
    );
  }
}

/**
 * The card data of the one call that may carry it, from the player's own request (a submit or its
 * retry): a new card, a saved card's security code, or an Apple Pay or Google Pay token; never
 * stored, never logged.
 */
export interface CardSecrets {
  readonly card?: NewCardInput | undefined;
  readonly savedCardCvv?: string | undefined;
  readonly walletToken?: WalletTokenInput | undefined;
}

/** A provider error as the log may show it: its kind only (never a request or card data). */
export function errorKind(error: unknown): string {
  return error instanceof Error ? error.name : typeof error;
}
