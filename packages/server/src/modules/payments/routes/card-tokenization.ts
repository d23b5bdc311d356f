/**
 * POST /user-cards (SPEC §1, §2 tokenization page): saves a card without a payment
 * (modules/payments/card-tokenization.ts). Idempotent by the Idempotency-Key: a repeat answers the
 * first result without asking the provider again. Refused in a configuration preview, as every
 * call that reaches a provider is.
 *
 * @packageDocumentation
 */
import { ENDPOINTS } from '@cashdesk/contract';
import type { App } from '../../../http/app-types';
import { registerEndpoint } from '../../../http/register-endpoint';
import { tokenizeCard } from '../card-tokenization';

/** Registers the tokenization call. */
export function registerCardTokenizationRoutes(app: App): void {
  registerEndpoint(app, ENDPOINTS.userCardsTokenize, async ({ session, body, deps, request }) => {
    const answer = await tokenizeCard(
      { ...deps, widgetUrl: deps.config.widgetUrl },
      session,
      body,
      request.log,
    );
    return { status: 200, body: answer };
  });
}
