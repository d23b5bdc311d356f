/**
 * `POST /api/providers/{connector}/webhook`: a payment provider's asynchronous notifications (a
 * payment's result, a refund, a chargeback), for connectors whose provider has the webhook
 * capability (PaymentProvider `webhook`). Not a player route: no session, no session-failure
 * counting of its own, the API's Content-Security-Policy (nothing loads or frames an answer).
 *
 * - The body is read raw, for this route only (its own content-type parser in an encapsulated
 *   scope: every type, as a string, at most {@link WEBHOOK_BODY_LIMIT_BYTES}), and handed with the
 *   headers to the connector, which checks the signature over exactly those bytes before it
 *   reads them.
 * - Answers: `200 {received, results}` once every notification is applied or acknowledged
 *   (duplicates, stale and unknown ones included, so the provider stops retrying; see
 *   modules/payments/webhooks.ts); `401` error 1701 for a missing, stale or wrong signature;
 *   `400` error 1001 for a signed body the connector cannot read; `404` error 1008 for a
 *   connector that does not exist or takes no webhooks; `409` error 1702 for a refund or
 *   chargeback of a payment whose result has not arrived yet (the provider delivers it again);
 *   `413` error 1004 for a body over the limit. Never a 5xx for bad input.
 * - Rate limit (http/rate-limits.ts): every bad signature counts as a failed authentication of the
 *   client address, like a bad session id; past AUTH_FAILURES_PER_ADDRESS in the window a bad
 *   signature from the address gets `429` (1013) instead of 401. A good signature is always
 *   served: the check is an HMAC over at most 64 KB, cheap enough to run for every request, so a
 *   flood of forged webhooks from an address the provider shares cannot block the provider.
 * - Logs name the connector, the outcome and, for a bad request, the reason; never the body or
 *   the signature.
 *
 * @packageDocumentation
 */
import * as z from 'zod';
import { ApiError } from '../../../http/api-error';
import type { App } from '../../../http/app-types';
import { applyNotification } from '../webhooks';
import type { NotificationResult } from '../webhooks';

/** The route (Fastify path syntax). */
export const PROVIDER_WEBHOOK_PATH = '/api/providers/:connector/webhook';

/** Largest webhook body: a notification is a few hundred bytes. */
export const WEBHOOK_BODY_LIMIT_BYTES = 65_536;

const Params = z.object({ connector: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/) });

/** The request's headers as the connector reads them: lower-case names, single values. */
function headerMap(headers: Record<string, string | string[] | undefined>) {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name.toLowerCase(),
      Array.isArray(value) ? value.join(', ') : value,
    ]),
  );
}

/** Registers the webhook route with its raw-body parser, in a scope of its own. */
export function registerProviderWebhookRoutes(app: App): void {
  void app.register((scope, _options, registered) => {
    // Only here: the body stays the bytes the provider signed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, body);
      },
    );
    scope.post(PROVIDER_WEBHOOK_PATH, async (request, reply) => {
      const deps = app.cashdesk;
      const params = Params.safeParse(request.params);
      const name = params.success ? params.data.connector : undefined;
      const provider =
        name !== undefined && deps.connectors.has(name) ? deps.connectors.provider(name) : null;
      const webhook = provider?.webhook;
      if (name === undefined || webhook === undefined) {
        throw new ApiError('notFound', { detail: 'no connector with webhooks under that name' });
      }
      const limits = app.cashdeskLimits.authFailures;
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const verified = webhook.verify(
        { headers: headerMap(request.headers), rawBody },
        deps.clock(),
      );
      if (!verified.valid) {
        request.log.warn(
          { connector: name, problem: verified.problem, detail: verified.detail },
          'provider webhook refused',
        );
        if (verified.problem === 'signature') {
          await limits.recordFailure(request);
          throw new ApiError('webhookSignatureInvalid', { detail: verified.detail });
        }
        throw new ApiError('malformedRequest', { detail: verified.detail });
      }
      const payment = { ...deps, log: request.log };
      const connector = { name, isDefault: deps.connectors.defaultName === name };
      const results: NotificationResult[] = [];
      for (const notification of verified.notifications) {
        results.push(await applyNotification(payment, connector, notification));
      }
      if (results.some((result) => result.outcome === 'too_early')) {
        throw new ApiError('webhookTooEarly', { detail: 'a reversal of an open payment' });
      }
      return reply.code(200).send({
        received: true,
        results: results.map((result) => ({
          transaction_id: result.transactionId,
          outcome: result.outcome,
        })),
      });
    });
    registered();
  });
}
