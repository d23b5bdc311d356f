/**
 * Test support: a connector conformance subject (`@cashdesk/connector-kit/conformance`) for a
 * connector that talks to the PSP simulator (or is the sandbox, whose rules the simulator runs). The simulator decides with the sandbox's rules
 * (test cards, amount endings), so the adapter's inputs are those rules: an approved and a
 * declined test card, a payout whose amount ends in `.15` (pending, cancellable); its faults are
 * the simulator's; its notifications are the simulator's push notifications, caught by a small
 * receiver started here.
 *
 * @packageDocumentation
 */
import { createServer } from 'node:http';
import type { PaymentProvider, WebhookRequest } from '@cashdesk/connector-kit';
import type { ConformanceSubject } from '@cashdesk/connector-kit/conformance';
import type { SimulatorProcess } from './simulator-process';

/**
 * A receiver of signed notifications that keeps the last one of each transaction id (the body's
 * `transactionId`, or the asynchronous PSP's `payment.merchant_reference`), answering `200`.
 */
export interface NotificationCapture {
  readonly url: string;
  /** The last notification about `transactionId`, as it arrived. */
  last(transactionId: string): WebhookRequest | undefined;
  close(): Promise<void>;
}

/** The transaction id a notification body names. */
function transactionIdOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const direct: unknown = Reflect.get(body, 'transactionId');
  if (typeof direct === 'string') return direct;
  const payment: unknown = Reflect.get(body, 'payment');
  if (typeof payment !== 'object' || payment === null) return undefined;
  const reference: unknown = Reflect.get(payment, 'merchant_reference');
  return typeof reference === 'string' ? reference : undefined;
}

/** Starts a {@link NotificationCapture} on a free local port. */
export async function startNotificationCapture(): Promise<NotificationCapture> {
  const byTransaction = new Map<string, WebhookRequest>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers[name] = value;
      }
      try {
        const body: unknown = JSON.parse(rawBody);
        const id = transactionIdOf(body);
        if (typeof id === 'string') byTransaction.set(id, { headers, rawBody });
      } catch {
        // Not JSON: nothing to keep.
      }
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port to listen on');
  return {
    url: `http://127.0.0.1:${String(address.port)}/notifications`,
    last: (transactionId) => byTransaction.get(transactionId),
    close: () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

/** What {@link simulatorConformanceSubject} takes. */
export interface SimulatorSubjectOptions {
  readonly provider: PaymentProvider;
  /**
   * The simulator the connector talks to: it counts the charges, takes the faults and sends the
   * notifications. Without one (the in-process sandbox, same rules) {@link charges} counts.
   */
  readonly simulator?: SimulatorProcess | undefined;
  /** How many times `transactionId` was charged, when there is no simulator. */
  readonly charges?: ((transactionId: string) => Promise<number>) | undefined;
  /** The secret the simulator signs notifications with (the connector's webhook secret). */
  readonly webhookSecret?: string | undefined;
  /** Stops the simulator too when the suite ends. */
  readonly stopSimulator?: boolean | undefined;
}

/** The conformance subject of a connector to the PSP simulator (see the module comment). */
export async function simulatorConformanceSubject(
  options: SimulatorSubjectOptions,
): Promise<ConformanceSubject> {
  const { simulator } = options;
  const capture =
    options.webhookSecret === undefined || simulator === undefined
      ? undefined
      : await startNotificationCapture();
  if (capture !== undefined && simulator !== undefined && options.webhookSecret !== undefined) {
    await simulator.notifyTo({ url: capture.url, secret: options.webhookSecret });
  }
  const now = (): Date => new Date();
  const card = (pan: string) => ({
    pan,
    cvv: '737',
    expMonth: '12',
    expYear: String(now().getUTCFullYear() + 3),
    holder: 'Ada Lovelace',
  });
  const customer = { playerId: 'conformance-player', country: 'LV' };
  return {
    provider: options.provider,
    now,
    deposit: (transactionId, deposit) => ({
      transactionId,
      amount: '10.00',
      fee: '0.25',
      total: '10.25',
      currency: 'EUR',
      methodKind: 'card',
      payGroup: 'visa_mc',
      card: card(deposit?.decline === true ? '4000000000000200' : '4000000000000101'),
      customer,
      returnUrls: {
        threeDsReturn: 'https://cashier.example.test/3ds_result',
        success: 'https://cashier.example.test/deposit/deposit-success',
        fail: 'https://cashier.example.test/deposit/deposit-error',
      },
    }),
    // The approved test card approves at once.
    settle: () => Promise.resolve(),
    async charges(transactionId) {
      if (simulator === undefined) return (await options.charges?.(transactionId)) ?? 0;
      const activity = await simulator.activity(now());
      return activity.transactions.filter((entry) => entry.transactionId === transactionId).length;
    },
    pendingPayout: (transactionId) => ({
      transactionId,
      amount: '10.15',
      currency: 'EUR',
      methodKind: 'alternative',
      payGroup: 'bank_payout',
      destination: { kind: 'account', requisites: { iban: 'LV80BANK0000435195001' } },
      customer,
    }),
    async fault(fault) {
      if (simulator === undefined) return false;
      await simulator.fault({ operation: 'authorizeDeposit', mode: fault });
      return true;
    },
    async notification(transactionId) {
      await simulator?.deliverNotifications(now());
      const request = capture?.last(transactionId);
      if (request === undefined) throw new Error(`no notification about ${transactionId}`);
      return request;
    },
    async close() {
      await capture?.close();
      if (options.stopSimulator === true) await simulator?.stop();
    },
  };
}
