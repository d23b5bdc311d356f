import type { ReactNode } from 'react';
import type { WebhookEvent } from '../../api/webhook-calls';
import { useI18n } from '../../i18n/i18n';

const TONES: Readonly<Record<WebhookEvent['state'], string>> = {
  pending: 'wait',
  delivered: 'good',
  dead: 'bad',
};

/** Where a webhook event's delivery stands, as a coloured badge with its name. */
export function DeliveryState({ state }: { readonly state: WebhookEvent['state'] }): ReactNode {
  const { t } = useI18n();
  return (
    <span className={`bo-badge bo-badge--${TONES[state]}`}>{t(`webhooks.state.${state}`)}</span>
  );
}

/**
 * The last answer of an event's endpoint, short: its error (`http 500`, `timeout`,
 * `ECONNREFUSED`), else its status code, else a dash.
 */
export function lastAnswerOf(event: Pick<WebhookEvent, 'last_status_code' | 'last_error'>): string {
  if (event.last_error !== null) return event.last_error;
  return event.last_status_code === null ? '—' : String(event.last_status_code);
}
