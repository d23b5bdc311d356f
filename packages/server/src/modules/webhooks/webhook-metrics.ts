/**
 * What the webhook dispatcher reports to the server's metrics (http/telemetry.ts turns it into
 * Prometheus series), reached through its deps: the app's own, so several apps in one process
 * never mix their figures; without one nothing is counted.
 *
 * @packageDocumentation
 */

/** How one attempt ended: delivered, failed (tried again later), or failed for the last time. */
export type DeliveryOutcome = 'delivered' | 'failed' | 'dead_lettered';

/** The dispatcher's side of the metrics. */
export interface WebhookMetrics {
  webhookAttempt(eventType: string, outcome: DeliveryOutcome, seconds: number): void;
}
