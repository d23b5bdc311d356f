/**
 * The webhook calls of the operator API under the staff session: where the brand's events go,
 * the events with their delivery, one event with its payload, and the redelivery of dead ones.
 */
import { OPERATOR_BASE } from '@cashdesk/contract/values';
import type {
  WebhookDeliveryDetail,
  WebhookDeliveryPage,
  WebhookEndpointStatus,
  WebhookRedeliverAnswer,
} from '@cashdesk/contract';
import { call } from './http';
import type { Query } from './http';

export type WebhookEvent = WebhookDeliveryPage['events'][number];
export type { WebhookDeliveryDetail, WebhookDeliveryPage, WebhookEndpointStatus };

const eventPath = (id: string): string =>
  `${OPERATOR_BASE}/webhooks/events/${encodeURIComponent(id)}`;

export const readWebhookEndpoint = (): Promise<WebhookEndpointStatus> =>
  call('GET', `${OPERATOR_BASE}/webhooks/endpoint`);

export const listWebhookEvents = (query: Query): Promise<WebhookDeliveryPage> =>
  call('GET', `${OPERATOR_BASE}/webhooks/events`, { query });

export const readWebhookEvent = (id: string): Promise<WebhookDeliveryDetail> =>
  call('GET', eventPath(id));

export const redeliverWebhookEvent = (id: string): Promise<WebhookDeliveryDetail> =>
  call('POST', `${eventPath(id)}/redeliver`);

export const redeliverDeadWebhookEvents = (): Promise<WebhookRedeliverAnswer> =>
  call('POST', `${OPERATOR_BASE}/webhooks/redeliver-dead`);
