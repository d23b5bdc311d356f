/**
 * The webhooks to the operator's backend (WEBHOOK_*, modules/webhooks/): where the events of
 * the outbox are sent, what they are signed with, and how failed deliveries are retried.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import type { SigningKey } from '../http/signing';
import { integerText, optionalText, secretText, urlText } from './env';
import type { ValuesOf } from './env';

/**
 * Where and how the events of the outbox are sent (README "Webhooks"). Without a URL the events
 * are still recorded, and sent once one is configured.
 */
export interface WebhookSettings {
  /** WEBHOOK_URL: the operator's endpoint; `undefined` sends nothing. */
  readonly url: string | undefined;
  /** WEBHOOK_SECRET and WEBHOOK_KEY_ID: what every delivery is signed with (http/signing.ts). */
  readonly key: SigningKey;
  /** WEBHOOK_MAX_ATTEMPTS: attempts of one event before it is dead-lettered. */
  readonly maxAttempts: number;
  /** WEBHOOK_TIMEOUT_MS: an attempt without an answer by then has failed. */
  readonly timeoutMs: number;
  /** WEBHOOK_RETRY_BASE_MS: the back-off after the first failed attempt, doubled after each. */
  readonly retryBaseMs: number;
  /** WEBHOOK_RETRY_MAX_MS: the longest back-off. */
  readonly retryMaxMs: number;
  /** WEBHOOK_INTERVAL_MS: how often the dispatcher looks for due events (0: on notice only). */
  readonly intervalMs: number;
  /**
   * WEBHOOK_DEAD_RETRY_MS: how long after its last attempt a dead event is tried again, once,
   * by itself (the slow retry); 0: never, a dead event waits for a redelivery.
   */
  readonly deadRetryMs: number;
}

/** The secret webhooks are signed with in sandbox mode when WEBHOOK_SECRET is not set. */
export const SANDBOX_WEBHOOK_SECRET = 'cashdesk-sandbox-webhook-secret';

/** The default {@link WebhookSettings}. */
export const DEFAULT_WEBHOOKS: WebhookSettings = {
  url: undefined,
  key: { keyId: 'default', secret: SANDBOX_WEBHOOK_SECRET },
  maxAttempts: 20,
  timeoutMs: 10_000,
  retryBaseMs: 10_000,
  retryMaxMs: 3_600_000,
  intervalMs: 5_000,
  deadRetryMs: 3_600_000,
};

/** The variables of the webhooks. */
export const WEBHOOK_VARIABLES = {
  WEBHOOK_URL: urlText.optional(),
  WEBHOOK_SECRET: secretText('WEBHOOK_SECRET', 16),
  WEBHOOK_KEY_ID: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'WEBHOOK_KEY_ID must be 1-64 of [A-Za-z0-9_.-]')
      .optional(),
  ),
  WEBHOOK_MAX_ATTEMPTS: integerText('WEBHOOK_MAX_ATTEMPTS', 1, 100).default(
    DEFAULT_WEBHOOKS.maxAttempts,
  ),
  WEBHOOK_TIMEOUT_MS: integerText('WEBHOOK_TIMEOUT_MS', 100, 120_000).default(
    DEFAULT_WEBHOOKS.timeoutMs,
  ),
  WEBHOOK_RETRY_BASE_MS: integerText('WEBHOOK_RETRY_BASE_MS', 100, 86_400_000).default(
    DEFAULT_WEBHOOKS.retryBaseMs,
  ),
  WEBHOOK_RETRY_MAX_MS: integerText('WEBHOOK_RETRY_MAX_MS', 100, 604_800_000).default(
    DEFAULT_WEBHOOKS.retryMaxMs,
  ),
  WEBHOOK_INTERVAL_MS: integerText('WEBHOOK_INTERVAL_MS', 0, 3_600_000).default(
    DEFAULT_WEBHOOKS.intervalMs,
  ),
  WEBHOOK_DEAD_RETRY_MS: integerText('WEBHOOK_DEAD_RETRY_MS', 0, 604_800_000).default(
    DEFAULT_WEBHOOKS.deadRetryMs,
  ),
};

/**
 * The webhooks: {@link DEFAULT_WEBHOOKS} for what is not set. Production needs a WEBHOOK_SECRET
 * once WEBHOOK_URL is set, and the back-off cap may not be shorter than its base (a line in
 * `problems` each).
 */
export function readWebhooks(
  values: ValuesOf<typeof WEBHOOK_VARIABLES>,
  production: boolean,
  problems: string[],
): WebhookSettings {
  if (production && values.WEBHOOK_URL !== undefined && values.WEBHOOK_SECRET === undefined) {
    problems.push(
      'WEBHOOK_SECRET: required in production mode with WEBHOOK_URL (at least 16 characters)',
    );
  }
  if (values.WEBHOOK_RETRY_MAX_MS < values.WEBHOOK_RETRY_BASE_MS) {
    problems.push('WEBHOOK_RETRY_MAX_MS: must not be shorter than WEBHOOK_RETRY_BASE_MS');
  }
  return {
    url: values.WEBHOOK_URL,
    key: {
      keyId: values.WEBHOOK_KEY_ID ?? DEFAULT_WEBHOOKS.key.keyId,
      secret: values.WEBHOOK_SECRET ?? SANDBOX_WEBHOOK_SECRET,
    },
    maxAttempts: values.WEBHOOK_MAX_ATTEMPTS,
    timeoutMs: values.WEBHOOK_TIMEOUT_MS,
    retryBaseMs: values.WEBHOOK_RETRY_BASE_MS,
    retryMaxMs: values.WEBHOOK_RETRY_MAX_MS,
    intervalMs: values.WEBHOOK_INTERVAL_MS,
    deadRetryMs: values.WEBHOOK_DEAD_RETRY_MS,
  };
}
