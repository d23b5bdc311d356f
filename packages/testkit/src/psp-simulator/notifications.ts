/**
 * The PSP simulator's push notifications (the Cashdesk PSP protocol's `PushNotification`,
 * `@cashdesk/server/protocols`): once a notification address and secret are configured
 * (`SIMULATOR_NOTIFICATION_URL`/`_SECRET`, or `POST /__control/notifications`), a sweep sends a
 * signed `payment.status` for every payment or payout that has reached a final status and a
 * `refund.result` for every refund that has succeeded or failed, each until the receiver answers
 * `2xx` once. A sweep runs when a test asks (`POST /__control/notifications/deliver`, with its
 * clock) and, in a standalone simulator, on a timer with the system clock.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { signatureHeaders } from '@cashdesk/connector-kit';
import { PushNotification } from '@cashdesk/server/protocols';
import type { SandboxProvider } from '@cashdesk/server/sandbox';

/** Where notifications go and the secret they are signed with. */
export const NotificationTarget = z.object({
  url: z.url({ protocol: /^https?$/ }),
  secret: z.string().min(16).max(256),
  keyId: z.string().min(1).max(64).default('psp'),
});
/** {@link NotificationTarget}. */
export type NotificationTarget = z.output<typeof NotificationTarget>;

/** One notification a sweep tried to deliver, and the receiver's answer (0: no answer). */
export const DeliveryRecord = z.object({
  eventId: z.string(),
  type: z.enum(['payment.status', 'refund.result']),
  transactionId: z.string(),
  refundId: z.string().optional(),
  httpStatus: z.int(),
});
/** {@link DeliveryRecord}. */
export type DeliveryRecord = z.output<typeof DeliveryRecord>;

/** Sends the notifications of one simulator (see the module comment). */
export class Notifier {
  #target: NotificationTarget | undefined;
  /** Event ids the receiver acknowledged. */
  readonly #delivered = new Set<string>();
  #sweeping: Promise<DeliveryRecord[]> | undefined;

  constructor(target?: NotificationTarget) {
    this.#target = target;
  }

  /** Sets (or, with `undefined`, removes) the address; forgets what was delivered. */
  configure(target: NotificationTarget | undefined): void {
    this.#target = target;
    this.#delivered.clear();
  }

  /** Sends every final result not acknowledged yet, one sweep at a time. */
  async sweep(sandbox: SandboxProvider, now: Date): Promise<DeliveryRecord[]> {
    while (this.#sweeping !== undefined) await this.#sweeping.catch(() => undefined);
    this.#sweeping = this.#sweep(sandbox, now);
    try {
      return await this.#sweeping;
    } finally {
      this.#sweeping = undefined;
    }
  }

  async #sweep(sandbox: SandboxProvider, now: Date): Promise<DeliveryRecord[]> {
    const target = this.#target;
    if (target === undefined) return [];
    const due: PushNotification[] = [];
    const activity = await sandbox.activity();
    for (const entry of activity) {
      const status = await sandbox.status(entry.providerRef, now);
      if (status.status === 'pending' || status.status === 'unknown') continue;
      due.push({
        type: 'payment.status',
        eventId: `${entry.providerRef}.${status.status}`,
        transactionId: entry.transactionId,
        flow: entry.flow,
        amount: entry.amount,
        currency: entry.currency,
        status,
      });
    }
    for (const refund of await sandbox.refundActivity(now)) {
      if (refund.outcome === 'pending') continue;
      const found = await sandbox.refunds.lookupRefund(refund.refundId, now);
      const payment = activity.find((entry) => entry.providerRef === refund.paymentRef);
      if (found.outcome === 'not_found' || found.refundRef === undefined || payment === undefined) {
        continue;
      }
      due.push({
        type: 'refund.result',
        eventId: `${found.refundRef}.${refund.outcome}`,
        refundId: refund.refundId,
        transactionId: payment.transactionId,
        providerRef: refund.paymentRef,
        refundRef: found.refundRef,
        amount: refund.amount,
        currency: refund.currency,
        outcome: refund.outcome,
      });
    }
    const records: DeliveryRecord[] = [];
    for (const notification of due) {
      if (this.#delivered.has(notification.eventId)) continue;
      const httpStatus = await deliver(target, notification, now);
      if (httpStatus >= 200 && httpStatus < 300) this.#delivered.add(notification.eventId);
      records.push({
        eventId: notification.eventId,
        type: notification.type,
        transactionId: notification.transactionId,
        ...(notification.type === 'refund.result' ? { refundId: notification.refundId } : {}),
        httpStatus,
      });
    }
    return records;
  }
}

/** POSTs one notification, signed at `now`; the answer's status, 0 when none came. */
async function deliver(
  target: NotificationTarget,
  notification: PushNotification,
  now: Date,
): Promise<number> {
  const body = JSON.stringify(z.encode(PushNotification, notification));
  try {
    const response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders({ keyId: target.keyId, secret: target.secret }, body, now),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}
